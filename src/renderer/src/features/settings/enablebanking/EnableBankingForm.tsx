import { useRef, useState, type DragEvent, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api';
import { enableBankingApi, type EnableBankingApplication } from '../../../lib/api/enablebanking';
import { useT, type I18n } from '../../../lib/i18n';
import { Alert, Button, Icon, TextField, toast } from '../../../ui';
import { errorMessage } from '../../common/errors';
import { applicationIdFromFileName, looksLikePrivateKey, MAX_KEY_BYTES } from './pem';

/** A key read from the chosen file: kept in this form's state only until it is sent, never stored. */
interface ChosenKey {
  fileName: string;
  pem: string;
}

/**
 * Why the engine refused the configuration (400 invalid_request saying why: the id's form, the key file, or
 * Enable Banking's own check), in the person's words with the next step: the sentences shared with every
 * screen (core/api/error-words.ts). The engine's sentence is for developers and in English only, so it is kept
 * folded under "Technical details", never as the message.
 */
export function configurationError(i18n: I18n, err: unknown): { message: string; detail?: string } {
  if (err instanceof ApiError && err.isMissingRoute) return { message: i18n.t('eb.error.unavailable') };
  const detail = err instanceof ApiError && err.status !== 0 ? err.description || undefined : undefined;
  return { message: errorMessage(i18n, err), detail };
}

export function EnableBankingForm({
  onSaved,
  onCancel,
}: {
  onSaved(application: EnableBankingApplication): void;
  onCancel?: () => void;
}) {
  const i18n = useT();
  const { t } = i18n;
  const input = useRef<HTMLInputElement>(null);
  const [applicationId, setApplicationId] = useState('');
  const [key, setKey] = useState<ChosenKey | null>(null);
  const [keyProblem, setKeyProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [failure, setFailure] = useState<{ message: string; detail?: string } | null>(null);

  const idFromFile = key ? applicationIdFromFileName(key.fileName) : null;
  const trimmedId = applicationId.trim();
  const idMismatch = idFromFile !== null && trimmedId !== '' && idFromFile !== trimmedId.toLowerCase();

  const read = async (file: File) => {
    setKeyProblem(null);
    setFailure(null);
    if (file.size > MAX_KEY_BYTES) {
      setKey(null);
      setKeyProblem(t('eb.keyNotPem', { name: file.name }));
      return;
    }
    const pem = await file.text();
    if (!looksLikePrivateKey(pem)) {
      setKey(null);
      setKeyProblem(
        /PUBLIC KEY|CERTIFICATE/.test(pem)
          ? t('eb.keyIsPublic', { name: file.name })
          : t('eb.keyNotPem', { name: file.name }),
      );
      return;
    }
    setKey({ fileName: file.name, pem });
    // Enable Banking names the downloaded key after the application: fill the id in when it is still empty.
    const fromName = applicationIdFromFileName(file.name);
    if (fromName && applicationId.trim() === '') setApplicationId(fromName);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) void read(file);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setShowErrors(true);
    setFailure(null);
    if (!trimmedId || !key) return;
    setBusy(true);
    try {
      const saved = await enableBankingApi.configure({ application_id: trimmedId, private_key: key.pem });
      // The key has left the page: forget it here.
      setKey(null);
      toast.success(t('eb.saved'));
      onSaved(saved ?? (await enableBankingApi.get()));
    } catch (err) {
      setFailure(configurationError(i18n, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={t('eb.formTitle')} style={{ maxWidth: 620 }}>
      <TextField
        label={t('eb.applicationId')}
        hint={t('eb.applicationIdHint')}
        value={applicationId}
        onChange={(e) => setApplicationId(e.target.value)}
        error={showErrors && !trimmedId ? t('add.required') : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="0377783c-3414-4bb1-a7d4-0c3eb54cd4b0"
        className="mono-input"
      />
      <div className="field">
        <span id="eb-key-label" style={{ fontWeight: 550 }}>
          {t('eb.privateKey')}
        </span>
        <div
          className={`drop-zone${over ? ' drop-zone-over' : ''}`}
          data-testid="eb-key-drop"
          aria-labelledby="eb-key-label"
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
        >
          {key ? (
            <span className="row" style={{ gap: 6 }} data-testid="eb-key-chosen">
              <Icon name="check" size={16} />
              {t('eb.keyChosen', { name: key.fileName })}
            </span>
          ) : (
            <span>{t('eb.keyDrop')}</span>
          )}
          <Button size="sm" icon="key" onClick={() => input.current?.click()}>
            {key ? t('eb.keyOther') : t('eb.keyPick')}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            accept=".pem,.key,application/x-pem-file"
            aria-label={t('eb.keyPick')}
            data-testid="eb-key-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void read(file);
              e.target.value = '';
            }}
          />
        </div>
        {keyProblem ? (
          <span className="error" role="alert">
            {keyProblem}
          </span>
        ) : showErrors && !key ? (
          <span className="error" role="alert">
            {t('eb.keyRequired')}
          </span>
        ) : (
          <span className="hint">{t('eb.keyHint')}</span>
        )}
      </div>
      {idMismatch && <Alert tone="warning">{t('eb.idMismatch', { file: key!.fileName })}</Alert>}
      {failure && (
        <Alert tone="danger">
          <span className="stack" style={{ gap: 4 }} data-testid="eb-error">
            <span>{failure.message}</span>
            {failure.detail && (
              <details className="faint" style={{ fontSize: 12.5 }}>
                <summary>{t('eb.error.details')}</summary>
                <span lang="en">{failure.detail}</span>
              </details>
            )}
          </span>
        </Alert>
      )}
      <div className="row" style={{ justifyContent: 'flex-end' }}>
        {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
        <Button type="submit" variant="primary" icon="check" busy={busy}>
          {busy ? t('eb.checking') : t('eb.save')}
        </Button>
      </div>
    </form>
  );
}
