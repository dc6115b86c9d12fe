import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { enableBankingApi, type EnableBankingApplication } from '../../../lib/api/enablebanking';
import { useT } from '../../../lib/i18n';
import { Alert, Badge, Button, Card, ConfirmDialog, Icon, Loading, toast } from '../../../ui';
import { copyText } from '../../common/copy';
import { countryName } from '../../common/countries';
import { errorMessage } from '../../common/errors';
import { useAsync } from '../../common/useAsync';
import {
  ENABLE_BANKING_CONTROL_PANEL,
  ENABLE_BANKING_REDIRECT_URL,
  enableBankingRedirectUri,
} from '../../connections/enablebanking';
import { AdminError } from '../AdminGate';
import { EnableBankingForm } from './EnableBankingForm';

/**
 * Settings → Enable Banking (see docs/api/enablebanking.md): how to register one's own restricted production
 * application at Enable Banking, then its id and private key (sent once to the engine, which keeps the key in the OS
 * keychain); once configured, what Enable Banking says of the application, and a way to remove it.
 */
export default function EnableBankingSettings() {
  const { t } = useT();
  const config = useAsync(async () => {
    try {
      return await enableBankingApi.get();
    } catch (err) {
      // Not configured yet (a 404 from a route that exists).
      if (err instanceof ApiError && err.status === 404 && !err.isMissingRoute) return null;
      throw err;
    }
  }, []);
  const [replacing, setReplacing] = useState(false);

  if (config.loading && config.data === undefined) return <Loading label={t('common.loading')} />;
  if (config.error) return <AdminError error={config.error} onRetry={config.reload} />;

  const saved = (application: EnableBankingApplication) => {
    config.setData(application);
    setReplacing(false);
  };

  return (
    <div className="stack-lg" data-testid="enablebanking-settings">
      <Card title={t('eb.title')} id="enablebanking-intro">
        <p className="muted" style={{ margin: 0 }}>
          {t('eb.intro')}
        </p>
      </Card>
      {config.data && !replacing ? (
        <ConfiguredApplication
          application={config.data}
          onReplace={() => setReplacing(true)}
          onRemoved={() => config.setData(null)}
          onRecheck={config.reload}
          checking={config.loading}
        />
      ) : (
        <>
          <SetupGuide />
          <Card title={t('eb.formTitle')} id="enablebanking-form">
            <EnableBankingForm onSaved={saved} onCancel={replacing ? () => setReplacing(false) : undefined} />
          </Card>
        </>
      )}
    </div>
  );
}

/** The redirect URL in a box with a copy button. */
export function RedirectUrlBox({ url }: { url: string }) {
  const { t } = useT();
  return (
    <div className="row" style={{ gap: 8, flexWrap: 'wrap' }}>
      <code
        className="mono"
        data-testid="eb-redirect-url"
        style={{
          padding: '6px 10px',
          borderRadius: 8,
          background: 'var(--surface-2, rgba(127,127,127,.12))',
          wordBreak: 'break-all',
        }}
      >
        {url}
      </code>
      <Button size="sm" icon="copy" onClick={() => void copyText(url, t('common.copied'))}>
        {t('common.copy')}
      </Button>
    </div>
  );
}

/** What to click at Enable Banking, step by step. */
function SetupGuide() {
  const { t } = useT();
  return (
    <Card title={t('eb.guideTitle')} id="enablebanking-guide">
      <ol className="stack" style={{ paddingLeft: 20, margin: 0 }} data-testid="eb-guide">
        <li>
          <p style={{ margin: '0 0 6px' }}>{t('eb.step1')}</p>
          <a className="btn btn-sm" href={ENABLE_BANKING_CONTROL_PANEL} target="_blank" rel="noopener noreferrer">
            <Icon name="external" size={15} />
            {t('eb.openControlPanel')}
          </a>
        </li>
        <li>{t('eb.step2')}</li>
        <li>
          <p style={{ margin: '0 0 6px' }}>{t('eb.step3')}</p>
          <RedirectUrlBox url={ENABLE_BANKING_REDIRECT_URL} />
          <p className="faint" style={{ fontSize: 12.5, margin: '6px 0 0' }}>
            {t('eb.step3Hint')}
          </p>
        </li>
        <li>{t('eb.step4')}</li>
        <li>{t('eb.step5')}</li>
      </ol>
      <p className="faint" style={{ fontSize: 12.5, marginTop: 16, marginBottom: 0 }}>
        {t('eb.cost')}
      </p>
    </Card>
  );
}

function ConfiguredApplication({
  application,
  onReplace,
  onRemoved,
  onRecheck,
  checking,
}: {
  application: EnableBankingApplication;
  onReplace(): void;
  onRemoved(): void;
  onRecheck(): void;
  checking: boolean;
}) {
  const i18n = useT();
  const { t } = i18n;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const redirect = enableBankingRedirectUri(application);
  const ownListed = application.redirect_urls.includes(ENABLE_BANKING_REDIRECT_URL);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await enableBankingApi.remove();
      setConfirming(false);
      toast.success(t('eb.removed'));
      onRemoved();
    } catch (err) {
      setError(errorMessage(i18n, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title={t('eb.configuredTitle')}
      id="enablebanking-application"
      actions={
        <>
          <Button size="sm" icon="refresh" busy={checking} onClick={onRecheck}>
            {t('eb.recheck')}
          </Button>
          <Button size="sm" icon="key" onClick={onReplace}>
            {t('eb.replace')}
          </Button>
          <Button size="sm" variant="danger" icon="trash" onClick={() => setConfirming(true)}>
            {t('eb.remove')}
          </Button>
        </>
      }
    >
      <div className="stack">
        {!application.active && (
          <Alert tone="warning">
            <strong>{t('eb.inactiveTitle')}</strong> {t('eb.inactive')}
          </Alert>
        )}
        {!ownListed && application.redirect_urls.length > 0 && (
          <Alert tone="warning">{t('eb.otherRedirect', { url: redirect })}</Alert>
        )}
        {application.redirect_urls.length === 0 && (
          <Alert tone="danger">
            <span className="stack" style={{ gap: 6 }}>
              <span>{t('eb.noRedirect')}</span>
              <RedirectUrlBox url={ENABLE_BANKING_REDIRECT_URL} />
            </span>
          </Alert>
        )}
        <dl
          className="eb-facts"
          style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '8px 20px', margin: 0 }}
        >
          <dt className="muted">{t('eb.name')}</dt>
          <dd style={{ margin: 0, fontWeight: 600 }} data-testid="eb-app-name">
            {application.name}
          </dd>
          <dt className="muted">{t('eb.applicationId')}</dt>
          <dd style={{ margin: 0 }} className="mono">
            {application.application_id}
          </dd>
          <dt className="muted">{t('eb.environment')}</dt>
          <dd style={{ margin: 0 }}>
            <Badge tone={application.environment === 'PRODUCTION' ? 'success' : 'warning'}>
              {application.environment === 'PRODUCTION'
                ? t('eb.production')
                : application.environment === 'SANDBOX'
                  ? t('eb.sandbox')
                  : application.environment}
            </Badge>
          </dd>
          <dt className="muted">{t('eb.status')}</dt>
          <dd style={{ margin: 0 }} data-testid="eb-app-active">
            {application.active ? (
              <Badge tone="success" dot>
                {t('eb.active')}
              </Badge>
            ) : (
              <Badge tone="warning">{t('eb.notActive')}</Badge>
            )}
          </dd>
          <dt className="muted">{t('eb.redirectUrls')}</dt>
          <dd style={{ margin: 0 }} className="stack" data-testid="eb-app-redirects">
            {application.redirect_urls.length === 0
              ? t('common.none')
              : application.redirect_urls.map((u) => (
                  <span key={u} className="row" style={{ gap: 6, flexWrap: 'wrap' }}>
                    <span className="mono" style={{ fontSize: 13, wordBreak: 'break-all' }}>
                      {u}
                    </span>
                    {u === redirect && <Badge tone="success">{t('eb.usedByCoffer')}</Badge>}
                  </span>
                ))}
          </dd>
          <dt className="muted">{t('eb.countries')}</dt>
          <dd style={{ margin: 0 }} data-testid="eb-app-countries">
            {application.countries.length === 0
              ? t('common.none')
              : application.countries.map((c) => `${countryName(c, i18n.lang)} (${c})`).join(', ')}
          </dd>
        </dl>
        <p className="faint" style={{ fontSize: 12.5, margin: 0 }}>
          {t('eb.addHint')}
        </p>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('eb.removeTitle')}
        confirmLabel={t('eb.remove')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        onConfirm={() => void remove()}
        busy={busy}
        error={error}
        icon="trash"
      >
        {t('eb.removeBody', { name: application.name })}
      </ConfirmDialog>
    </Card>
  );
}
