import { useEffect, useState, type FormEvent } from 'react';
import {
  checkConsentRedirect,
  consentErrorKind,
  isRefusal,
  type ConsentRedirectProblem,
} from '../../../../shared/consent-redirect';
import { KV, kv } from '../../lib/db';
import { useT, type I18n, type MessageKey } from '../../lib/i18n';
import { Link, navigate } from '../../lib/router';
import { useStore } from '../../store';
import { Alert, Button, Card, Icon, Loading, TextField, toast } from '../../ui';
import { errorMessage } from '../common/errors';
import { BackLink } from '../layout/BackLink';
import { PageHeader } from '../layout/PageHeader';
import { readPendingBankConsent, startBankConsent, type PendingBankConsent } from './bank-consent';
import { consentFailureMessage } from './consent-answer';
import { completeConsent } from './consent-complete';

const PROBLEM_KEYS: Record<ConsentRedirectProblem, MessageKey> = {
  not_a_url: 'bankConsent.problem.not_a_url',
  wrong_address: 'bankConsent.problem.wrong_address',
  no_answer: 'bankConsent.problem.no_answer',
  state_mismatch: 'bankConsent.problem.state_mismatch',
};

/** The sentence for an error the bank or the consent window answered (never the raw code alone). */
function outcomeMessage(i18n: I18n, bank: string, error: string, description?: string): string {
  const { t } = i18n;
  if (isRefusal(error)) return t('bankConsent.refused', { bank });
  switch (error) {
    case 'cancelled':
      return t('bankConsent.cancelled');
    case 'timeout':
      return t('bankConsent.timeout');
    case 'busy':
      return t('bankConsent.busy');
    case 'load_failed':
      return t('bankConsent.loadFailed', { bank });
    case 'no_answer':
      return t('bankConsent.problem.no_answer');
    default:
      // A bank that is down or overloaded (RFC 6749 server_error, temporarily_unavailable): try later.
      if (consentErrorKind(error) === 'unavailable') return t('consentAnswer.unavailable');
      return t('bankConsent.bankError', { bank, message: description ?? error });
  }
}

/**
 * The consent step of a bank reached through Enable Banking (see docs/api/enablebanking.md#consent): the bank's page
 * returns to a registered address outside the app. In the desktop app the shell shows that page in its own window and
 * hands back the code; in a browser the person opens the page and pastes the address they land on. Either way the code
 * and the state end in POST /connections (or PUT …/credentials for a renewal).
 */
export default function BankConsentPage() {
  const i18n = useT();
  const { t } = i18n;
  const loadConnections = useStore((s) => s.loadConnections);
  const markRunning = useStore((s) => s.markRunning);
  const [pending, setPending] = useState<PendingBankConsent | null | undefined>(undefined);
  const [pasted, setPasted] = useState('');
  const [pasteError, setPasteError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const [restarting, setRestarting] = useState(false);
  const desktop = typeof window.coffer?.openConsent === 'function';

  useEffect(() => {
    void readPendingBankConsent().then(setPending);
  }, []);

  if (pending === undefined) return <Loading label={t('common.loading')} />;
  if (pending === null)
    return (
      <div className="page" style={{ maxWidth: 720 }}>
        <Card>
          <div className="stack">
            <Alert tone="warning">{t('bankConsent.none')}</Alert>
            <Link to="/connections/new">{t('bankConsent.startAgain')}</Link>
          </div>
        </Card>
      </div>
    );

  const bank = pending.providerName;

  const finish = async (code: string, state: string) => {
    setFinishing(true);
    setFailure(null);
    try {
      const id = await completeConsent(pending, code, state);
      await kv.remove(KV.pendingConnect);
      markRunning(id);
      await loadConnections();
      toast.success(pending.connectionId ? t('bankConsent.renewed') : t('add.created'));
      navigate(`/connections/${id}`, { replace: true });
    } catch (err) {
      setFailure(consentFailureMessage(i18n, err));
      setFinishing(false);
    }
  };

  const openWindow = async () => {
    setFailure(null);
    setWaiting(true);
    try {
      const outcome = await window.coffer!.openConsent(pending.url, pending.redirectUri);
      if ('code' in outcome) {
        if (outcome.state !== pending.state) setFailure(t('bankConsent.problem.state_mismatch'));
        else await finish(outcome.code, outcome.state);
      } else setFailure(outcomeMessage(i18n, bank, outcome.error, outcome.description));
    } catch (err) {
      setFailure(errorMessage(i18n, err));
    } finally {
      setWaiting(false);
    }
  };

  const submitPasted = (e: FormEvent) => {
    e.preventDefault();
    setPasteError(null);
    setFailure(null);
    const answer = checkConsentRedirect(pasted, { redirectUri: pending.redirectUri, state: pending.state });
    if (answer.kind === 'problem') setPasteError(t(PROBLEM_KEYS[answer.problem], { url: pending.redirectUri }));
    else if (answer.kind === 'error') setFailure(outcomeMessage(i18n, bank, answer.error, answer.description));
    else void finish(answer.code, answer.state);
  };

  // A fresh consent address and state (after a refusal, a time-out, an expired code).
  const restart = async () => {
    setRestarting(true);
    try {
      await startBankConsent(bank, {
        providerId: pending.providerId,
        channelDefinitionId: pending.channelDefinitionId,
        connectionId: pending.connectionId,
        name: pending.name,
        autoSync: pending.autoSync,
        consentPerAccount: pending.consentPerAccount,
      });
      setPending(await readPendingBankConsent());
      setPasted('');
      setPasteError(null);
      setFailure(null);
    } catch (err) {
      setFailure(errorMessage(i18n, err));
    } finally {
      setRestarting(false);
    }
  };

  const pasteForm = (
    <form className="stack" onSubmit={submitPasted} noValidate style={{ marginTop: desktop ? 12 : 0 }}>
      <TextField
        label={t('bankConsent.pasteLabel')}
        hint={t('bankConsent.pasteHint')}
        placeholder={`${pending.redirectUri}?code=…`}
        value={pasted}
        onChange={(e) => setPasted(e.target.value)}
        error={pasteError ?? undefined}
        autoComplete="off"
        spellCheck={false}
        inputMode="url"
      />
      <div className="row" style={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant={desktop ? 'default' : 'primary'} busy={finishing} disabled={!pasted.trim()}>
          {t('bankConsent.finish')}
        </Button>
      </div>
    </form>
  );

  const back = pending.connectionId
    ? `/connections/${pending.connectionId}`
    : `/connections/new?provider=${encodeURIComponent(pending.providerId)}`;

  return (
    <div className="page" style={{ maxWidth: 760 }}>
      <PageHeader
        back={<BackLink to={back} label={t('common.back')} />}
        title={pending.connectionId ? t('bankConsent.renewTitle', { bank }) : t('bankConsent.title', { bank })}
        subtitle={t('bankConsent.intro', { bank })}
      />
      <Card id="bank-consent">
        <div className="stack">
          {desktop ? (
            <>
              <p>{t('bankConsent.windowHint', { bank })}</p>
              <div className="row">
                <Button
                  variant="primary"
                  icon="external"
                  busy={waiting || finishing}
                  onClick={() => void openWindow()}
                  data-testid="open-consent-window"
                >
                  {waiting ? t('bankConsent.waiting', { bank }) : t('bankConsent.open', { bank })}
                </Button>
              </div>
            </>
          ) : (
            <ol className="stack" style={{ paddingLeft: 20, margin: 0 }}>
              <li>
                <p style={{ margin: '0 0 8px' }}>{t('bankConsent.step1', { bank })}</p>
                <a
                  className="btn btn-primary"
                  href={pending.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="consent-link"
                >
                  <Icon name="external" size={16} />
                  {t('bankConsent.open', { bank })}
                </a>
              </li>
              <li>
                <p style={{ margin: 0 }}>{t('bankConsent.step2')}</p>
                <p className="faint mono" style={{ fontSize: 12.5, margin: '4px 0 0', wordBreak: 'break-all' }}>
                  {pending.redirectUri}?code=…&amp;state=…
                </p>
              </li>
            </ol>
          )}
          {desktop ? (
            <details data-testid="paste-step">
              <summary className="muted" style={{ cursor: 'pointer' }}>
                {t('bankConsent.pasteFallback')}
              </summary>
              {pasteForm}
            </details>
          ) : (
            <div data-testid="paste-step">{pasteForm}</div>
          )}
          {failure && (
            <Alert
              tone="danger"
              action={
                <Button size="sm" icon="refresh" busy={restarting} onClick={() => void restart()}>
                  {t('bankConsent.restart')}
                </Button>
              }
            >
              {failure}
            </Alert>
          )}
          <p className="faint row" style={{ fontSize: 12.5, alignItems: 'flex-start' }}>
            <Icon name="lock" size={15} />
            {t('bankConsent.privacy')}
          </p>
        </div>
      </Card>
    </div>
  );
}
