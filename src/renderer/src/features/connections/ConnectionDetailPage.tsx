import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { connectionsApi, type Channel, type ChannelDefinition, type Connection } from '../../lib/api';
import { useT, type MessageKey } from '../../lib/i18n';
import { accountKind } from '../common/account-kind';
import { Link, navigate, useLocation } from '../../lib/router';
import { dataSelectors, syncSelectors, useStore } from '../../store';
import { Alert, Badge, Button, Card, Loading, toast } from '../../ui';
import { Amount } from '../common/Amount';
import { ChallengeNotice } from '../challenge/ChallengeNotice';
import { errorMessage } from '../common/errors';
import { PartsLabel } from '../common/PartsLabel';
import { ProviderLogo } from '../common/ProviderLogo';
import { useConnectionLabel } from '../common/use-connection-label';
import { maskedAccountNumber } from '../common/account-label';
import { BackLink } from '../layout/BackLink';
import { NotFound } from '../layout/NotFound';
import { PageHeader } from '../layout/PageHeader';
import { CloseConnectionDialog, CredentialsDialog, DeleteConnectionDialog, RenameConnectionDialog } from './ConnectionDialogs';
import { DocumentDrop } from './DocumentDrop';
import { DocumentReport } from './DocumentReport';
import { FolderLine } from './FolderLine';
import { startConsent } from './bank-consent';
import { ConsentEndingAlert } from './ConsentEnding';
import { StatusLine } from './StatusLine';
import { AccountStatusBadge } from '../common/AccountStatusBadge';
import { channelSyncState } from './connection-state';
import { AttemptNote, lastSuccessText } from './SyncStateLines';
import { useConnectionSyncState } from './use-sync-state';
import { SimplefinInstitutions, SimplefinStatusHelp, SimplefinWording } from './simplefin/SimplefinConnectionNotes';
import { SyncButton } from './SyncButton';
import { useAwaitingConsent, useDeclined } from './consent-decisions';
import { CREDENTIAL_STATUSES } from './credential-recovery';

export default function ConnectionDetailPage({ params }: { params: Record<string, string> }) {
  const { t } = useT();
  const id = params.id;
  const connection = useStore((s) => s.connections.find((c) => c.id === id));
  const load = useStore((s) => s.connectionsLoad);
  const loadProviders = useStore((s) => s.loadProviders);
  useEffect(() => {
    void loadProviders();
  }, [loadProviders]);

  if (!connection) {
    if (load.status === 'ready' || load.status === 'error') return <NotFound text={t('connections.notFound')} />;
    return (
      <div className="page">
        <Loading label={t('common.loading')} />
      </div>
    );
  }
  return <Detail connection={connection} />;
}

type DialogName = 'delete' | 'close' | 'rename' | null;

function Detail({ connection }: { connection: Connection }) {
  const i18n = useT();
  const { t, tn, day } = i18n;
  const provider = useStore((s) => s.providers.find((p) => p.id === connection.provider_id));
  const accounts = useStore(useShallow((s) => dataSelectors.accountsOf(s, connection.id)));
  const running = useStore((s) => syncSelectors.isRunning(s, connection.id));
  const { state, document } = useConnectionSyncState(connection);
  const loadConnections = useStore((s) => s.loadConnections);
  const loadAccounts = useStore((s) => s.loadAccounts);
  const [dialog, setDialog] = useState<DialogName>(null);
  const [credentialsFor, setCredentialsFor] = useState<ChannelDefinition | null>(null);
  const [reopening, setReopening] = useState(false);
  const closed = connection.status === 'CLOSED';
  const label = useConnectionLabel(connection);
  // Accounts still waiting for a decision (not those left unticked on purpose: consent-decisions.ts).
  const pending = useAwaitingConsent(connection.id);
  const declined = useDeclined(connection.id);

  const reopen = async () => {
    setReopening(true);
    try {
      await connectionsApi.reopen(connection.id);
      toast.success(t('connections.reopened'));
      await Promise.all([loadConnections(), loadAccounts()]);
    } catch (err) {
      toast.error(errorMessage(i18n, err));
    } finally {
      setReopening(false);
    }
  };

  // Channels in use, then the provider's other definitions the user could add.
  const definitions = provider?.channel_definitions ?? [];
  const channelRows: Array<{ channel?: Channel; definition?: ChannelDefinition; id: string }> = [
    ...connection.channels.map((channel) => ({
      channel,
      definition: definitions.find((d) => d.id === channel.channel_definition_id),
      id: channel.channel_definition_id,
    })),
    ...definitions
      .filter((d) => !connection.channels.some((c) => c.channel_definition_id === d.id) && !d.unavailable)
      .map((definition) => ({ definition, id: definition.id })),
  ];

  // What the user can fix here: new credentials, or a renewed bank consent.
  const channelIn = (mode: 'EMBEDDED' | 'REDIRECT', statuses: string[]) =>
    connection.channels.some((c) => c.mode === mode && statuses.includes(c.status));
  const embedded = definitions.find(
    (d) => d.mode === 'EMBEDDED' && connection.channels.some((c) => c.channel_definition_id === d.id),
  );
  const redirect = definitions.find(
    (d) => d.mode === 'REDIRECT' && connection.channels.some((c) => c.channel_definition_id === d.id),
  );
  const needsCredentials = channelIn('EMBEDDED', [...CREDENTIAL_STATUSES]);
  // After a refused password the main action is new credentials; "Sync now" asks before a retry (SyncButton).
  const credentialsFirst = needsCredentials && !!embedded && !running && !closed;

  // ?update=credentials (from "Sync now"'s warning on the connections list) opens the credentials form.
  const { search } = useLocation();
  useEffect(() => {
    if (search.get('update') === 'credentials' && embedded) {
      setCredentialsFor(embedded);
      navigate(`/connections/${connection.id}`, { replace: true });
    }
  }, [search, embedded, connection.id]);
  const needsRenewal = channelIn('REDIRECT', ['TOKEN_EXPIRED', 'NEEDS_SECRET']);

  const openChannel = async (definition: ChannelDefinition) => {
    if (definition.mode === 'REDIRECT') {
      try {
        await startConsent(provider ?? { id: connection.provider_id, name: connection.name, base_url: '' }, {
          providerId: connection.provider_id,
          channelDefinitionId: definition.id,
          connectionId: connection.id,
        });
      } catch (err) {
        toast.error(errorMessage(i18n, err));
      }
    } else setCredentialsFor(definition);
  };

  // one account row, shared by the plain list and the SimpleFIN institution groups.
  const accountRow = (a: (typeof accounts)[number], shortName?: string) => (
    <Link key={a.id} to={`/accounts/${a.id}`} className="list-item" data-testid="account-row">
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ fontWeight: 550 }}>{shortName ?? a.name}</div>
        <div className="faint" style={{ fontSize: 12.5 }}>
          {[accountKind(i18n, a.type), maskedAccountNumber(a)].filter(Boolean).join(' · ')}
        </div>
      </div>
      {a.status === 'PENDING_CONSENT' && declined.has(a.id) ? (
        <Badge tone="neutral">{t('consentBox.notShared')}</Badge>
      ) : (
        a.status !== 'ACTIVE' && <AccountStatusBadge account={a} connection={connection} />
      )}
      <Amount value={a.balance} currency={a.currency} strong />
    </Link>
  );

  return (
    <div className="page" data-testid="connection-detail">
      <PageHeader
        back={<BackLink to="/connections" label={t('connections.title')} />}
        title={
          <span className="row" style={{ gap: 12 }}>
            <ProviderLogo url={connection.logo_url} name={provider?.name ?? connection.name} />
            <span style={{ minWidth: 0 }} data-testid="connection-title">
              <PartsLabel parts={label.parts} />
            </span>
          </span>
        }
        subtitle={
          <span className="stack" style={{ gap: 4, marginTop: 6 }}>
            <span data-testid="connection-status">
              <StatusLine status={state.status} providerId={connection.provider_id} document={document} />
            </span>
            {!running && <SimplefinStatusHelp providerId={connection.provider_id} status={connection.status} />}
            <AttemptNote state={state} document={document} providerId={connection.provider_id} />
            <span className="faint" style={{ fontSize: 12.5 }}>
              {[
                provider?.name,
                lastSuccessText(i18n, state),
                t('connections.created', { date: day(connection.creation_date) }),
                connection.auto_sync ? t('connections.autoSync') : t('connections.manualSync'),
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </span>
        }
        actions={
          <span className="row row-wrap" data-testid="connection-actions">
            {credentialsFirst && (
              <Button variant="primary" icon="key" onClick={() => setCredentialsFor(embedded)}>
                {t('connections.editCredentials')}
              </Button>
            )}
            <SyncButton
              connection={connection}
              variant={credentialsFirst ? 'default' : 'primary'}
              onUpdateCredentials={embedded ? () => setCredentialsFor(embedded) : undefined}
            />
            <Button icon="edit" onClick={() => setDialog('rename')}>
              {t('connections.rename')}
            </Button>
            {closed ? (
              <Button icon="play" busy={reopening} onClick={() => void reopen()}>
                {t('connections.reopen')}
              </Button>
            ) : (
              <Button icon="pause" onClick={() => setDialog('close')}>
                {t('connections.close')}
              </Button>
            )}
            <Button variant="danger" icon="trash" onClick={() => setDialog('delete')}>
              {t('connections.delete')}
            </Button>
          </span>
        }
      />

      <ChallengeNotice connection={connection} />
      {needsCredentials && embedded && !running && (
        <Alert
          tone="danger"
          action={
            <Button size="sm" icon="key" onClick={() => setCredentialsFor(embedded)}>
              {t('connections.editCredentials')}
            </Button>
          }
        >
          <span data-testid="credentials-alert">
            {/* a revoked SimpleFIN access is said in SimpleFIN's words */}
            <SimplefinWording providerId={connection.provider_id} k="help_AUTH_FAILED">
              {t(`status.${connection.channels.find((c) => c.mode === 'EMBEDDED')!.status}` as MessageKey)}
            </SimplefinWording>
          </span>
        </Alert>
      )}
      {needsRenewal && redirect && !running && (
        <Alert
          tone="warning"
          action={
            <Button size="sm" icon="refresh" onClick={() => void openChannel(redirect)}>
              {t('connections.renew')}
            </Button>
          }
        >
          {t('status.TOKEN_EXPIRED')}
        </Alert>
      )}
      {redirect && !needsRenewal && !running && (
        <ConsentEndingAlert
          connection={connection}
          bank={provider?.name ?? connection.name}
          onRenew={() => void openChannel(redirect)}
        />
      )}
      {pending > 0 && (
        <Alert
          tone="warning"
          action={<Link to={`/connections/${connection.id}/consent`}>{t('connections.consent')}</Link>}
        >
          {tn('connections.pendingConsent', pending)}
        </Alert>
      )}

      {provider?.type === 'DOCUMENT' && !closed && <DocumentDrop connectionId={connection.id} />}
      {provider?.type === 'DOCUMENT' && <DocumentReport connection={connection} />}

      <Card title={t('connections.channels')} id="channels">
        <div className="list">
          {channelRows.map(({ channel, definition, id }) => {
            const mode = channel?.mode ?? definition?.mode ?? 'EMBEDDED';
            const unused = !channel || channel.status === 'EMPTY';
            const shown = channelSyncState(channel, connection.channels, running);
            return (
              <div key={id} className="list-item" style={{ alignItems: 'flex-start' }} data-testid="channel-row">
                <div className="stack" style={{ flex: 1, gap: 4, minWidth: 0 }}>
                  <strong>
                    <SimplefinWording providerId={connection.provider_id} k="channelLabel">
                      {t((provider?.type === 'DOCUMENT' ? 'mode.DOCUMENT' : `mode.${mode}`) as MessageKey)}
                    </SimplefinWording>
                  </strong>
                  <StatusLine status={shown.status} providerId={connection.provider_id} document={document} />
                  <span className="faint" style={{ fontSize: 12.5 }}>
                    {[
                      (channel?.account_types ?? definition?.account_types ?? [])
                        .map((a) => t(`accountType.${a}` as MessageKey))
                        .join(', '),
                      !unused ? lastSuccessText(i18n, shown) : null,
                      channel?.expires ? t('connections.expires', { date: day(channel.expires) }) : null,
                      // A statement folder is shown in full just below, not masked.
                      channel?.credentials?.length && !document
                        ? channel.credentials.map((c) => c.masked_value).join(' · ')
                        : null,
                    ]
                      .filter(Boolean)
                      .join(' — ')}
                  </span>
                  {document && channel && !unused && <FolderLine connectionId={connection.id} />}
                </div>
                {definition && !closed && (
                  <Button
                    size="sm"
                    icon={unused ? 'plus' : mode === 'REDIRECT' ? 'refresh' : 'key'}
                    onClick={() => void openChannel(definition)}
                  >
                    {unused
                      ? t('connections.addChannel')
                      : mode === 'REDIRECT'
                        ? t('connections.renew')
                        : t('connections.editCredentials')}
                  </Button>
                )}
              </div>
            );
          })}
        </div>
      </Card>

      {connection.provider_id === '9600' && accounts.length > 0 ? (
        <SimplefinInstitutions accounts={accounts} render={(a, shortName) => accountRow(a, shortName)} />
      ) : (
        <Card
          title={t('connections.accountsTitle')}
          id="connection-accounts"
          actions={
            connection.consent_per_account && !closed ? (
              <Link to={`/connections/${connection.id}/consent`}>{t('consentBox.manage')}</Link>
            ) : undefined
          }
        >
          {accounts.length === 0 ? (
            <p className="muted">{t('connections.noAccounts')}</p>
          ) : (
            <div className="list">{accounts.map((a) => accountRow(a))}</div>
          )}
        </Card>
      )}

      <DeleteConnectionDialog connection={connection} open={dialog === 'delete'} onClose={() => setDialog(null)} />
      <CloseConnectionDialog connection={connection} open={dialog === 'close'} onClose={() => setDialog(null)} />
      <RenameConnectionDialog connection={connection} open={dialog === 'rename'} onClose={() => setDialog(null)} />
      {credentialsFor && (
        <CredentialsDialog
          connection={connection}
          definition={credentialsFor}
          open
          onClose={() => setCredentialsFor(null)}
        />
      )}
    </div>
  );
}
