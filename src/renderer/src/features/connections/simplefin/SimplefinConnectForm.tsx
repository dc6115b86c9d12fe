import { useEffect, useState, type FormEvent } from 'react';
import { connectionsApi, type ChannelDefinition, type Provider } from '../../../lib/api';
import { preloadEncryption, prepareCredentials } from '../../../lib/credential-encryption';
import { useT } from '../../../lib/i18n';
import { navigate } from '../../../lib/router';
import { useStore } from '../../../store';
import { Alert, Button, Card, Icon, toast } from '../../../ui';
import { errorMessage } from '../../common/errors';
import { ProviderLogo } from '../../common/ProviderLogo';
import { TokenTextarea } from './SimplefinTokenField';
import { SIMPLEFIN_BRIDGE_URL, simplefinText } from './strings';

/** Letters, digits and the base64 signs, with the spaces and line breaks a copy may add. */
const TOKEN_SHAPE = /^[A-Za-z0-9+/=_\-\s]+$/;

/** The SimpleFIN add step: what it is and costs, where to get a setup token, and a paste field for it. */
export function SimplefinConnectForm({ provider, channel }: { provider: Provider; channel: ChannelDefinition }) {
  const i18n = useT();
  const s = simplefinText(i18n.lang);
  const applyConnection = useStore((st) => st.applyConnection);
  const loadConnections = useStore((st) => st.loadConnections);
  const markRunning = useStore((st) => st.markRunning);
  const [token, setToken] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(preloadEncryption, []);

  const trimmed = token.trim();
  const problem = trimmed === '' ? s.tokenRequired : !TOKEN_SHAPE.test(trimmed) ? s.tokenShape : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setError(null);
    if (problem) return;
    setBusy(true);
    try {
      const prepared = await prepareCredentials(channel.credentials, { setup_token: trimmed });
      const created = await connectionsApi.create({
        provider_id: provider.id,
        channel_definition_id: channel.id,
        ...prepared,
      });
      if (created.connection) applyConnection(created.connection);
      markRunning(created.id);
      void loadConnections();
      toast.success(s.created);
      navigate(`/connections/${created.id}`, { replace: true });
    } catch (err) {
      setError(errorMessage(i18n, err));
      setBusy(false);
    }
  };

  return (
    <Card title={s.title} id="connect-form" data-testid="simplefin-form">
      <form className="stack" onSubmit={submit} noValidate aria-label={s.title}>
        <div className="row" style={{ gap: 12, alignItems: 'flex-start' }}>
          <ProviderLogo url={provider.logo_url} name={provider.name} />
          <div className="stack" style={{ gap: 6 }}>
            <p style={{ margin: 0 }}>{s.what}</p>
            <p className="muted" style={{ margin: 0 }} data-testid="simplefin-cost">
              {s.cost}
            </p>
          </div>
        </div>
        <ol style={{ margin: 0, paddingLeft: 20 }} className="stack">
          <li>{s.step1}</li>
          <li>{s.step2}</li>
          <li>{s.step3}</li>
        </ol>
        <div>
          <a
            className="btn btn-secondary"
            href={SIMPLEFIN_BRIDGE_URL}
            target="_blank"
            rel="noreferrer"
            data-testid="simplefin-bridge-link"
          >
            <Icon name="external" size={16} /> {s.openBridge}
          </a>
        </div>
        <label className="stack" style={{ gap: 4 }}>
          <span style={{ fontWeight: 600 }}>{s.tokenLabel}</span>
          <TokenTextarea
            value={token}
            onChange={(e) => setToken(e.target.value)}
            onBlur={() => setTouched(true)}
            aria-invalid={touched && problem ? true : undefined}
            aria-describedby="simplefin-token-hint"
            data-testid="simplefin-token"
          />
          <span
            id="simplefin-token-hint"
            className={touched && problem ? 'field-error' : 'faint'}
            style={{ fontSize: 12.5 }}
          >
            {touched && problem ? problem : s.tokenHint}
          </span>
        </label>
        {error && <Alert tone="danger">{error}</Alert>}
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="primary" busy={busy} icon="link">
            {busy ? s.connecting : s.connect}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The shortcut at the top of the provider list. */
export function SimplefinShortcut({ providers }: { providers: Provider[] }) {
  const { lang } = useT();
  const s = simplefinText(lang);
  const sfin = providers.find((p) => p.id === '9600');
  if (!sfin) return null;
  return (
    <button
      type="button"
      className="card card-tight card-interactive row"
      style={{
        width: '100%',
        textAlign: 'left',
        font: 'inherit',
        color: 'inherit',
        gap: 12,
        marginBottom: 16,
        cursor: 'pointer',
      }}
      onClick={() => navigate(`/connections/new?provider=${sfin.id}`)}
      data-testid="simplefin-shortcut"
    >
      <ProviderLogo url={sfin.logo_url} name={sfin.name} />
      <span style={{ flex: 1 }}>
        <span style={{ display: 'block', fontWeight: 600 }}>{s.shortcut}</span>
        <span className="faint" style={{ fontSize: 12.5 }}>
          {s.shortcutHint}
        </span>
      </span>
      <Icon name="chevronRight" />
    </button>
  );
}
