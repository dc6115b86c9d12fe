import { useState, type FormEvent } from 'react';
import { adminApi, ApiError, type RecoveryKeyState } from '../../lib/api';
import { useT, type I18n } from '../../lib/i18n';
import { Alert, Button, Card, Loading, TextField, toast } from '../../ui';
import { errorMessage } from '../common/errors';
import { useAsync } from '../common/useAsync';
import { AdminError } from './AdminGate';

/** While printing, only the sheet with the code is on paper (the rest of the window is hidden). */
const PRINT_CLASS = 'printing-recovery-key';
const PRINT_CSS = `@media print {
  body.${PRINT_CLASS} * { visibility: hidden; }
  body.${PRINT_CLASS} .recovery-sheet, body.${PRINT_CLASS} .recovery-sheet * { visibility: visible; }
  body.${PRINT_CLASS} .recovery-sheet { position: absolute; inset: 0 auto auto 0; padding: 24px; }
  body.${PRINT_CLASS} .recovery-sheet .no-print { display: none; }
}
.recovery-sheet .print-only { display: none; }
@media print { body.${PRINT_CLASS} .recovery-sheet .print-only { display: block; } }`;

function printSheet(): void {
  document.body.classList.add(PRINT_CLASS);
  try {
    window.print();
  } finally {
    document.body.classList.remove(PRINT_CLASS);
  }
}

/** The code in its groups, large and in a fixed-width font, with Copy and Print. */
function CodeSheet({ code }: { code: string }) {
  const { t, dateTime } = useT();
  const copy = async () => {
    await navigator.clipboard.writeText(code);
    toast.success(t('recoveryKey.copied'));
  };
  return (
    <div className="recovery-sheet stack">
      <style>{PRINT_CSS}</style>
      <h2 className="print-only">{t('recoveryKey.printTitle')}</h2>
      <p
        aria-label={t('recoveryKey.codeLabel')}
        data-testid="recovery-code"
        style={{ fontFamily: 'var(--font-mono, monospace)', fontSize: 20, letterSpacing: 1, lineHeight: 1.6, wordSpacing: 6 }}
      >
        {code.split('-').join(' ')}
      </p>
      <p className="print-only">{t('recoveryKey.printNote', { date: dateTime(Math.floor(Date.now() / 1000)) })}</p>
      <div className="row no-print" style={{ gap: 8 }}>
        <Button icon="copy" onClick={() => void copy()}>
          {t('recoveryKey.copy')}
        </Button>
        <Button icon="download" onClick={printSheet}>
          {t('recoveryKey.print')}
        </Button>
      </div>
      <p className="muted no-print">{t('recoveryKey.howToUse')}</p>
    </div>
  );
}

/** A refused password in words. */
function passwordRefusal(i18n: I18n, err: unknown): string {
  if (err instanceof ApiError && err.status === 429) {
    return i18n.t('recoveryKey.throttled', { seconds: /wait (\d+) s/.exec(err.description)?.[1] ?? '?' });
  }
  if (err instanceof ApiError && err.code === 'invalid_request' && /password is wrong/.test(err.description)) {
    return i18n.t('recoveryKey.wrongPassword');
  }
  return errorMessage(i18n, err);
}

/** The password form that shows the code again. */
function RevealForm({ onCode }: { onCode: (code: string) => void }) {
  const i18n = useT();
  const { t } = i18n;
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const state = await adminApi.revealRecoveryKey(password);
      setPassword('');
      if (state.recovery_code) onCode(state.recovery_code);
    } catch (err) {
      setProblem(passwordRefusal(i18n, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="stack" onSubmit={submit} style={{ maxWidth: 520 }}>
      <p>{t('recoveryKey.askPassword')}</p>
      <TextField
        label={t('recoveryKey.password')}
        type="password"
        revealLabel={t('secret.show')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={problem ?? undefined}
        required
      />
      <div>
        <Button type="submit" variant="primary" icon="key" busy={busy} disabled={!password}>
          {t('recoveryKey.show')}
        </Button>
      </div>
    </form>
  );
}

/** The first time: the code, and the person's word that they wrote it down. */
function FirstTime({ code, onWrittenDown }: { code: string; onWrittenDown: (state: RecoveryKeyState) => void }) {
  const i18n = useT();
  const { t } = i18n;
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      onWrittenDown(await adminApi.recoveryKeyWrittenDown());
      toast.success(t('recoveryKey.saved'));
    } catch (err) {
      toast.error(errorMessage(i18n, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="stack">
      <Alert tone="warning">{t('recoveryKey.firstTime')}</Alert>
      <CodeSheet code={code} />
      <div>
        <Button variant="primary" icon="check" busy={busy} onClick={() => void confirm()}>
          {t('recoveryKey.writtenDown')}
        </Button>
      </div>
    </div>
  );
}

/** Settings → Backups → Recovery key (the owner): shown until written down, then after the password. */
export default function RecoveryKeySettings() {
  const { t } = useT();
  const state = useAsync(() => adminApi.recoveryKey(), []);
  const [revealed, setRevealed] = useState<string | null>(null);
  const [written, setWritten] = useState(false);
  const body = () => {
    if (state.loading && !state.data) return <Loading label={t('common.loading')} />;
    if (state.error) return <AdminError error={state.error} onRetry={state.reload} />;
    if (state.data?.recovery_code && !written) {
      return <FirstTime code={state.data.recovery_code} onWrittenDown={() => setWritten(true)} />;
    }
    if (revealed) {
      return (
        <div className="stack">
          <CodeSheet code={revealed} />
          <div>
            <Button variant="ghost" icon="eye" onClick={() => setRevealed(null)}>
              {t('recoveryKey.hide')}
            </Button>
          </div>
        </div>
      );
    }
    return <RevealForm onCode={setRevealed} />;
  };
  return (
    <Card title={t('recoveryKey.title')} id="recovery-key">
      <p className="muted" style={{ marginBottom: 16 }}>
        {t('recoveryKey.intro')}
      </p>
      {body()}
    </Card>
  );
}
