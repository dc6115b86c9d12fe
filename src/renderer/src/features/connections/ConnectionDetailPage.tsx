import { useEffect, useState } from 'react';
import { type ChannelDefinition, type Connection } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { navigate, useLocation } from '../../lib/router';
import { syncSelectors, useStore } from '../../store';
import { Loading, toast } from '../../ui';
import { errorMessage } from '../common/errors';
import { PartsLabel } from '../common/PartsLabel';
import { ProviderLogo } from '../common/ProviderLogo';
import { useConnectionLabel } from '../common/use-connection-label';
import { BackLink } from '../layout/BackLink';
import { NotFound } from '../layout/NotFound';
import { PageHeader } from '../layout/PageHeader';
import {
  CloseConnectionDialog,
  CredentialsDialog,
  DeleteConnectionDialog,
  RenameConnectionDialog,
} from './ConnectionDialogs';
import { ChannelsCard } from './ChannelsCard';
import { channelNeeds } from './channel-needs';
import { ConnectionActions, ConnectionAlerts, ConnectionSubtitle, type DialogName } from './ConnectionDetailParts';
import { ConnectionAccounts } from './ConnectionAccounts';
import { DocumentDrop } from './DocumentDrop';
import { DocumentReport } from './DocumentReport';
import { CsvMappingCard } from '../csv-mapping/CsvMappingCard';
import { startConsent } from './bank-consent';
import { useConnectionSyncState } from './use-sync-state';

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

function Detail({ connection }: { connection: Connection }) {
  const i18n = useT();
  const { t } = i18n;
  const provider = useStore((s) => s.providers.find((p) => p.id === connection.provider_id));
  const running = useStore((s) => syncSelectors.isRunning(s, connection.id));
  const { state, document } = useConnectionSyncState(connection);
  const [dialog, setDialog] = useState<DialogName>(null);
  const [credentialsFor, setCredentialsFor] = useState<ChannelDefinition | null>(null);
  const closed = connection.status === 'CLOSED';
  const label = useConnectionLabel(connection);

  const definitions = provider?.channel_definitions ?? [];

  const needs = channelNeeds(connection, definitions);
  const { embedded } = needs;
  // After a refused password the main action is new credentials; "Sync now" asks before a retry (SyncButton).
  const credentialsFirst = needs.needsCredentials && !!embedded && !running && !closed;

  // ?update=credentials (from "Sync now"'s warning on the connections list) opens the credentials form.
  const { search } = useLocation();
  useEffect(() => {
    if (search.get('update') === 'credentials' && embedded) {
      setCredentialsFor(embedded);
      navigate(`/connections/${connection.id}`, { replace: true });
    }
  }, [search, embedded, connection.id]);

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
          <ConnectionSubtitle
            connection={connection}
            provider={provider}
            running={running}
            state={state}
            document={document}
          />
        }
        actions={
          <ConnectionActions
            connection={connection}
            credentialsFirst={credentialsFirst}
            embedded={embedded}
            onCredentials={setCredentialsFor}
            onDialog={setDialog}
          />
        }
      />

      <ConnectionAlerts
        connection={connection}
        provider={provider}
        running={running}
        needs={needs}
        onCredentials={setCredentialsFor}
        onOpenChannel={(definition) => void openChannel(definition)}
      />

      {provider?.type === 'DOCUMENT' && !closed && <DocumentDrop connectionId={connection.id} />}
      {provider?.type === 'DOCUMENT' && <DocumentReport connection={connection} />}
      {provider?.type === 'DOCUMENT' && !closed && <CsvMappingCard connectionId={connection.id} />}

      <ChannelsCard
        connection={connection}
        provider={provider}
        running={running}
        document={document}
        onOpen={(definition) => void openChannel(definition)}
      />

      <ConnectionAccounts connection={connection} />

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
