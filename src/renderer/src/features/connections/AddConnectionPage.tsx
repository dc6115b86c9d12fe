import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { connectionsApi, type ChannelDefinition, type Provider } from '../../lib/api';
import { preloadEncryption, prepareCredentials } from '../../lib/credential-encryption';
import { useT, type I18n, type MessageKey } from '../../lib/i18n';
import { navigate, useLocation } from '../../lib/router';
import { useStore } from '../../store';
import { Alert, Badge, Button, Card, Checkbox, EmptyState, Icon, Loading, TextField, toast } from '../../ui';
import { countryName } from '../common/countries';
import { ErrorState } from '../common/ErrorState';
import { errorMessage } from '../common/errors';
import { ProviderLogo } from '../common/ProviderLogo';
import { BackLink } from '../layout/BackLink';
import { PageHeader } from '../layout/PageHeader';
import { CredentialFields, credentialsValid } from './CredentialFields';
import { startConsent } from './bank-consent';
import { DuplicateLoginAlert } from './DuplicateLoginAlert';
import { findSameLogin, type SameLogin } from './duplicate-login';
import { SimplefinConnectForm, SimplefinShortcut } from './simplefin/SimplefinConnectForm';
import { EnableBankingOffer, enableBankingListed } from './EnableBankingOffer';
import { TestBankDemoLogins } from './TestBankDemoLogins';
import { TEST_BANK_PROVIDER_ID } from './testbank-demo';

/**
 * Channel definitions a person can use, REDIRECT first (a provider's default order,
 * docs/api/request-bodies.md#connections).
 */
function usableChannels(p: Provider): ChannelDefinition[] {
  return [...p.channel_definitions].sort((a, b) => (a.mode === b.mode ? 0 : a.mode === 'REDIRECT' ? -1 : 1));
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The line under a provider's name: its country, or for statement files (which any bank's files feed, whatever
 * the catalogue's country) the formats read. Searched as well, so that "ofx" or "csv" finds statement files.
 */
function providerSubtitle(p: Provider, t: I18n['t'], lang: I18n['lang']): string {
  return p.type === 'DOCUMENT' ? t('add.documentSubtitle') : countryName(p.country_code, lang);
}

/**
 * The built-in add flow: provider → channel → credentials (encrypted in the page) or the bank's consent page.
 * The step lives in the URL (?provider=…&channel=…) so that Back works and links can point into it.
 */
export default function AddConnectionPage() {
  const { t } = useT();
  const { search } = useLocation();
  const providers = useStore((s) => s.providers);
  const load = useStore((s) => s.providersLoad);
  const loadProviders = useStore((s) => s.loadProviders);
  // Asked again at each visit: banks come and go while the app is open (Enable Banking set up in Settings).
  useEffect(() => {
    void loadProviders(true);
  }, [loadProviders]);

  const provider = providers.find((p) => p.id === search.get('provider'));
  const channels = provider ? usableChannels(provider) : [];
  const channel =
    channels.find((c) => c.id === search.get('channel')) ?? (channels.length === 1 ? channels[0] : undefined);
  const step = !provider ? 1 : !channel ? 2 : 3;
  const total = provider && channels.length === 1 ? 2 : 3;

  let body;
  if (load.status === 'error')
    body = (
      <Card>
        <ErrorState error={load.error} title={t('add.loadProvidersFailed')} onRetry={() => void loadProviders()} />
      </Card>
    );
  else if (load.status !== 'ready')
    body = (
      <Card>
        <Loading label={t('common.loading')} />
      </Card>
    );
  else if (!provider) body = <ProviderPicker providers={providers} />;
  else if (!channel) body = <ChannelPicker provider={provider} channels={channels} />;
  else if (provider.id === '9600') body = <SimplefinConnectForm provider={provider} channel={channel} />;
  else body = <ConnectForm key={channel.id} provider={provider} channel={channel} />;

  return (
    <div className="page" style={{ maxWidth: 860 }}>
      <PageHeader
        back={
          <BackLink
            to={
              step === 1
                ? '/connections'
                : step === 2 || total === 2
                  ? '/connections/new'
                  : `/connections/new?provider=${provider!.id}`
            }
            label={t('common.back')}
          />
        }
        title={t('add.title')}
        subtitle={t('add.step', { step: total === 2 && step === 3 ? 2 : step, total })}
      />
      {body}
    </div>
  );
}

function ProviderPicker({ providers }: { providers: Provider[] }) {
  const { t, lang } = useT();
  const [q, setQ] = useState('');
  const [country, setCountry] = useState('');
  const countries = useMemo(() => [...new Set(providers.map((p) => p.country_code))].sort(), [providers]);
  const shown = useMemo(() => {
    const words = fold(q).split(/\s+/).filter(Boolean);
    return providers.filter((p) => {
      if (country && p.country_code !== country && p.type !== 'DOCUMENT') return false;
      const text = fold(`${p.name} ${p.country_code} ${providerSubtitle(p, t, lang)} ${p.id}`);
      return words.every((w) => text.includes(w));
    });
  }, [providers, q, country, lang, t]);
  const ebListed = enableBankingListed(providers);

  return (
    <Card title={t('add.chooseProvider')} id="choose-provider">
      <SimplefinShortcut providers={providers} />
      <div className="row row-wrap" style={{ marginBottom: 16 }}>
        <div style={{ position: 'relative', flex: 1, minWidth: 220 }}>
          <span style={{ position: 'absolute', left: 10, top: 9, color: 'var(--text-faint)' }}>
            <Icon name="search" size={17} />
          </span>
          <input
            className="input"
            type="search"
            style={{ paddingLeft: 34 }}
            placeholder={t('add.search')}
            aria-label={t('add.search')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            autoFocus
          />
        </div>
        {countries.length > 1 && (
          <select
            className="select input"
            style={{ width: 'auto' }}
            aria-label={t('add.country')}
            value={country}
            onChange={(e) => setCountry(e.target.value)}
          >
            <option value="">{t('add.allCountries')}</option>
            {countries.map((c) => (
              <option key={c} value={c}>
                {countryName(c, lang)}
              </option>
            ))}
          </select>
        )}
      </div>
      {shown.length === 0 && !ebListed ? (
        <EnableBankingOffer noMatch={t('add.noProvider', { q })} />
      ) : shown.length === 0 ? (
        <EmptyState icon="search" title={t('add.noProvider', { q })} />
      ) : (
        <ul
          className="grid-2"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          aria-label={t('add.chooseProvider')}
        >
          {shown.map((p) => {
            const unavailable = p.channel_definitions.every((c) => c.unavailable);
            return (
              <li key={p.id}>
                <button
                  type="button"
                  className="card card-tight card-interactive row"
                  style={{
                    width: '100%',
                    textAlign: 'left',
                    cursor: unavailable ? 'not-allowed' : 'pointer',
                    font: 'inherit',
                    color: 'inherit',
                    gap: 12,
                  }}
                  disabled={unavailable}
                  onClick={() => navigate(`/connections/new?provider=${encodeURIComponent(p.id)}`)}
                  data-testid="provider-option"
                >
                  <ProviderLogo url={p.logo_url} name={p.name} />
                  <span style={{ flex: 1, minWidth: 0 }}>
                    <span style={{ display: 'block', fontWeight: 600 }}>{p.name}</span>
                    <span className="faint" style={{ fontSize: 12.5 }}>
                      {providerSubtitle(p, t, lang)}
                    </span>
                  </span>
                  {unavailable ? <Badge tone="warning">{t('add.unavailable')}</Badge> : <Icon name="chevronRight" />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {shown.length > 0 && !ebListed && <EnableBankingOffer noMatch={null} />}
    </Card>
  );
}

function ChannelPicker({ provider, channels }: { provider: Provider; channels: ChannelDefinition[] }) {
  const { t } = useT();
  return (
    <Card title={t('add.chooseChannel')} id="choose-channel">
      <div className="row" style={{ marginBottom: 16, gap: 12 }}>
        <ProviderLogo url={provider.logo_url} name={provider.name} />
        <strong>{provider.name}</strong>
      </div>
      <div className="stack">
        {channels.map((c) => (
          <button
            key={c.id}
            type="button"
            className="card card-tight card-interactive row"
            style={{
              textAlign: 'left',
              font: 'inherit',
              color: 'inherit',
              cursor: c.unavailable ? 'not-allowed' : 'pointer',
              gap: 12,
            }}
            disabled={c.unavailable}
            onClick={() =>
              navigate(
                `/connections/new?provider=${encodeURIComponent(provider.id)}&channel=${encodeURIComponent(c.id)}`,
              )
            }
            data-testid="channel-option"
            data-mode={c.mode}
          >
            <span className="empty-icon" style={{ width: 40, height: 40 }}>
              <Icon name={c.mode === 'REDIRECT' ? 'shield' : 'key'} />
            </span>
            <span style={{ flex: 1 }}>
              <span style={{ display: 'block', fontWeight: 600 }}>{t(`mode.${c.mode}`)}</span>
              <span className="muted" style={{ fontSize: 13 }}>
                {t('add.channelCovers', {
                  types: c.account_types.map((a) => t(`accountType.${a}` as MessageKey)).join(', '),
                })}
              </span>
            </span>
            {c.unavailable ? <Badge tone="warning">{t('add.unavailable')}</Badge> : <Icon name="chevronRight" />}
          </button>
        ))}
      </div>
    </Card>
  );
}

function ConnectForm({ provider, channel }: { provider: Provider; channel: ChannelDefinition }) {
  const i18n = useT();
  const { t } = i18n;
  const applyConnection = useStore((s) => s.applyConnection);
  const loadConnections = useStore((s) => s.loadConnections);
  const markRunning = useStore((s) => s.markRunning);
  const [values, setValues] = useState<Record<string, string>>({});
  const [name, setName] = useState(provider.name);
  useEffect(preloadEncryption, []);
  const [autoSync, setAutoSync] = useState(true);
  const [consentPerAccount, setConsentPerAccount] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const connections = useStore((s) => s.connections);
  // The same login already connected: asked once before creating (duplicate-login.ts); "Add it anyway" goes on.
  const [sameLogin, setSameLogin] = useState<SameLogin | null>(null);
  const [duplicateAccepted, setDuplicateAccepted] = useState(false);
  const changeValues = (next: Record<string, string>) => {
    setValues(next);
    setSameLogin(null);
    setDuplicateAccepted(false);
  };
  const demo = provider.id === TEST_BANK_PROVIDER_ID;
  // A demo login fills the channel's text credential and its password.
  const fillDemo = (login: string, password: string) => {
    const filled = { ...values };
    const text = channel.credentials.find((d) => d.type === 'TEXT');
    const secret = channel.credentials.find((d) => d.type === 'PWD');
    if (text) filled[text.id] = login;
    if (secret) filled[secret.id] = password;
    changeValues(filled);
  };

  const submit = async (e?: FormEvent, acceptDuplicate = duplicateAccepted) => {
    e?.preventDefault();
    setError(null);
    if (channel.mode === 'REDIRECT') {
      setBusy(true);
      try {
        await startConsent(provider, {
          providerId: provider.id,
          channelDefinitionId: channel.id,
          name: name.trim() || undefined,
          autoSync,
          consentPerAccount,
        });
      } catch (err) {
        setError(errorMessage(i18n, err));
        setBusy(false);
      }
      return;
    }
    setShowErrors(true);
    if (!credentialsValid(channel.credentials, values)) return;
    if (!acceptDuplicate) {
      const found = findSameLogin(connections, provider.id, channel.id, channel.credentials, values);
      if (found) {
        setSameLogin(found);
        return;
      }
    }
    setBusy(true);
    try {
      const prepared = await prepareCredentials(channel.credentials, values);
      const created = await connectionsApi.create({
        provider_id: provider.id,
        channel_definition_id: channel.id,
        ...prepared,
        name: name.trim() || undefined,
        auto_sync: autoSync,
        consent_per_account: consentPerAccount,
      });
      if (created.connection) applyConnection(created.connection);
      markRunning(created.id);
      void loadConnections();
      toast.success(t('add.created'));
      navigate(`/connections/${created.id}`, { replace: true });
    } catch (err) {
      setError(errorMessage(i18n, err));
      setBusy(false);
    }
  };

  return (
    <Card
      title={
        channel.mode === 'REDIRECT'
          ? t('mode.REDIRECT')
          : provider.type === 'DOCUMENT'
            ? t('folder.title')
            : t('add.credentials', { name: provider.name })
      }
      id="connect-form"
    >
      <form className="stack" onSubmit={submit} noValidate aria-label={t('add.title')}>
        <div className="row" style={{ gap: 12 }}>
          <ProviderLogo url={provider.logo_url} name={provider.name} />
          <div>
            <strong>{provider.name}</strong>
            <div className="faint" style={{ fontSize: 12.5 }}>
              {t('add.channelCovers', {
                types: channel.account_types.map((a) => t(`accountType.${a}` as MessageKey)).join(', '),
              })}
            </div>
          </div>
        </div>
        {channel.mode === 'EMBEDDED' ? (
          <>
            {provider.type === 'DOCUMENT' && <Alert>{t('add.documentHint')}</Alert>}
            <CredentialFields
              definitions={channel.credentials}
              values={values}
              onChange={changeValues}
              showErrors={showErrors}
              folders={provider.type === 'DOCUMENT'}
            />
            {provider.type !== 'DOCUMENT' && (
              <p className="faint row" style={{ fontSize: 12.5, alignItems: 'flex-start' }}>
                <Icon name="lock" size={15} />
                {t('add.credentialsHint')}
              </p>
            )}
            {demo && <TestBankDemoLogins onPick={fillDemo} />}
          </>
        ) : (
          <>
            <Alert>{t('add.redirectHint')}</Alert>
            {demo && <TestBankDemoLogins />}
          </>
        )}
        <details>
          <summary className="muted" style={{ cursor: 'pointer' }}>
            {t('add.options')}
          </summary>
          <div className="stack" style={{ marginTop: 12 }}>
            <TextField
              label={t('add.connectionName')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={100}
            />
            <Checkbox label={t('add.autoSync')} checked={autoSync} onChange={(e) => setAutoSync(e.target.checked)} />
            <Checkbox
              label={t('add.consentPerAccount')}
              checked={consentPerAccount}
              onChange={(e) => setConsentPerAccount(e.target.checked)}
            />
          </div>
        </details>
        {error && <Alert tone="danger">{error}</Alert>}
        {sameLogin && (
          <DuplicateLoginAlert
            sameLogin={sameLogin}
            bank={provider.name}
            onAddAnyway={() => {
              setDuplicateAccepted(true);
              setSameLogin(null);
              void submit(undefined, true);
            }}
          />
        )}
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="primary" busy={busy} icon={channel.mode === 'REDIRECT' ? 'external' : 'link'}>
            {channel.mode === 'REDIRECT'
              ? t('add.redirect', { name: provider.name })
              : busy
                ? t('add.connecting')
                : t('add.connect')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
