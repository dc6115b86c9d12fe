import { useEffect } from 'react';
import { useT } from '../../lib/i18n';
import { navigate } from '../../lib/router';
import { useStore } from '../../store';
import { Button, Card, EmptyState, Loading } from '../../ui';
import { ErrorState } from '../common/ErrorState';
import { PageHeader } from '../layout/PageHeader';
import { ConnectionCard } from './ConnectionCard';

export default function ConnectionsPage() {
  const { t } = useT();
  const connections = useStore((s) => s.connections);
  const load = useStore((s) => s.connectionsLoad);
  const snapshotAt = useStore((s) => s.snapshotAt);
  const loadConnections = useStore((s) => s.loadConnections);
  const loadProviders = useStore((s) => s.loadProviders);

  useEffect(() => {
    void loadProviders();
  }, [loadProviders]);

  const header = (
    <PageHeader
      title={t('connections.title')}
      subtitle={t('connections.subtitle')}
      actions={
        <Button variant="primary" icon="plus" onClick={() => navigate('/connections/new')}>
          {t('connections.add')}
        </Button>
      }
    />
  );

  let body;
  if (load.status === 'error' && snapshotAt === null)
    body = (
      <Card>
        <ErrorState error={load.error} onRetry={() => void loadConnections()} />
      </Card>
    );
  else if (load.status !== 'ready' && snapshotAt === null)
    body = (
      <Card>
        <Loading label={t('common.loading')} />
      </Card>
    );
  else if (connections.length === 0) {
    body = (
      <Card>
        <EmptyState
          icon="link"
          title={t('connections.empty.title')}
          action={
            <Button variant="primary" icon="plus" onClick={() => navigate('/connections/new')}>
              {t('connections.add')}
            </Button>
          }
        >
          {t('connections.empty.text')}
        </EmptyState>
      </Card>
    );
  } else {
    body = (
      <div className="stack" data-testid="connections-list">
        {connections.map((c) => (
          <ConnectionCard key={c.id} connection={c} />
        ))}
      </div>
    );
  }

  return (
    <div className="page">
      {header}
      {body}
    </div>
  );
}
