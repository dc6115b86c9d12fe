import { useState } from 'react';
import { connectionsApi, type ChannelDefinition, type Connection, type Provider } from '../../lib/api';
import { useT, type MessageKey } from '../../lib/i18n';
import { useStore } from '../../store';
import { Alert, Button, toast } from '../../ui';
import { ChallengeNotice } from '../challenge/ChallengeNotice';
import { errorMessage } from '../common/errors';
import type { ChannelNeeds } from './channel-needs';
import { useAwaitingConsent } from './consent-decisions';
import { ConsentEndingAlert } from './ConsentEnding';
import { SimplefinStatusHelp, SimplefinWording } from './simplefin/SimplefinConnectionNotes';
import { StatusLine } from './StatusLine';
import { SyncButton } from './SyncButton';
import { AttemptNote, lastSuccessText } from './SyncStateLines';
import type { useConnectionSyncState } from './use-sync-state';
import { PendingConsentAlert } from './PendingConsentAlert';

export type DialogName = 'delete' | 'close' | 'rename' | null;

type SyncState = ReturnType<typeof useConnectionSyncState>;

/** Under the connection's name: its state, the last attempt when it differs, and a few facts. */
export function ConnectionSubtitle({
  connection,
  provider,
  running,
  state,
  document,
}: {
  connection: Connection;
  provider: Provider | undefined;
  running: boolean;
  state: SyncState['state'];
  document: boolean;
}) {
  const i18n = useT();
  const { t, day } = i18n;
  return (
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
  );
}

/** The connection's buttons: new credentials first after a refused password, sync, rename, close or reopen, delete. */
export function ConnectionActions({
  connection,
  credentialsFirst,
  embedded,
  onCredentials,
  onDialog,
}: {
  connection: Connection;
  credentialsFirst: boolean;
  embedded: ChannelDefinition | undefined;
  onCredentials: (definition: ChannelDefinition) => void;
  onDialog: (dialog: DialogName) => void;
}) {
  const i18n = useT();
  const { t } = i18n;
  const loadConnections = useStore((s) => s.loadConnections);
  const loadAccounts = useStore((s) => s.loadAccounts);
  const [reopening, setReopening] = useState(false);
  const closed = connection.status === 'CLOSED';
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
  return (
    <span className="row row-wrap" data-testid="connection-actions">
      {credentialsFirst && (
        <Button variant="primary" icon="key" onClick={() => embedded && onCredentials(embedded)}>
          {t('connections.editCredentials')}
        </Button>
      )}
      <SyncButton
        connection={connection}
        variant={credentialsFirst ? 'default' : 'primary'}
        onUpdateCredentials={embedded ? () => onCredentials(embedded) : undefined}
      />
      <Button icon="edit" onClick={() => onDialog('rename')}>
        {t('connections.rename')}
      </Button>
      {closed ? (
        <Button icon="play" busy={reopening} onClick={() => void reopen()}>
          {t('connections.reopen')}
        </Button>
      ) : (
        <Button icon="pause" onClick={() => onDialog('close')}>
          {t('connections.close')}
        </Button>
      )}
      <Button variant="danger" icon="trash" onClick={() => onDialog('delete')}>
        {t('connections.delete')}
      </Button>
    </span>
  );
}

/** What asks for the person now: a bank's question, new credentials, a consent to renew or accounts to share. */
export function ConnectionAlerts({
  connection,
  provider,
  running,
  needs,
  onCredentials,
  onOpenChannel,
}: {
  connection: Connection;
  provider: Provider | undefined;
  running: boolean;
  needs: ChannelNeeds;
  onCredentials: (definition: ChannelDefinition) => void;
  onOpenChannel: (definition: ChannelDefinition) => void;
}) {
  const { t } = useT();
  const { embedded, redirect } = needs;
  // Accounts still waiting for a decision (not those left unticked on purpose: consent-decisions.ts).
  const pending = useAwaitingConsent(connection.id);
  return (
    <>
      <ChallengeNotice connection={connection} />
      {needs.needsCredentials && embedded && !running && (
        <Alert
          tone="danger"
          action={
            <Button size="sm" icon="key" onClick={() => onCredentials(embedded)}>
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
      {needs.needsRenewal && redirect && !running && (
        <Alert
          tone="warning"
          action={
            <Button size="sm" icon="refresh" onClick={() => onOpenChannel(redirect)}>
              {t('connections.renew')}
            </Button>
          }
        >
          {t('status.TOKEN_EXPIRED')}
        </Alert>
      )}
      {redirect && !needs.needsRenewal && !running && (
        <ConsentEndingAlert
          connection={connection}
          bank={provider?.name ?? connection.name}
          onRenew={() => onOpenChannel(redirect)}
        />
      )}
      <PendingConsentAlert connectionId={connection.id} pending={pending} />
    </>
  );
}
