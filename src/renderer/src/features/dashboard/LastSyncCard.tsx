import { memo } from 'react';
import { useT } from '../../lib/i18n';
import { Link } from '../../lib/router';
import { dataSelectors, useStore } from '../../store';
import { Card } from '../../ui';
import { labelOf } from '../common/connection-label';
import { PartsLabel } from '../common/PartsLabel';
import { ProviderLogo } from '../common/ProviderLogo';
import { StatusLine } from '../connections/StatusLine';
import { SyncButton } from '../connections/SyncButton';
import { lastSyncDate } from '../connections/sync-info';

/**
 * Every connection with its status and the time of its last synchronization, each with its own "Sync now".
 * Memoized and reading the running synchronizations itself: a period switch does not redraw it.
 */
export const LastSyncCard = memo(function LastSyncCard() {
  const { t, relative } = useT();
  const connections = useStore((s) => s.connections);
  const running = useStore((s) => s.running);
  const challenges = useStore((s) => s.challenges);
  const labels = useStore(dataSelectors.connectionLabels);
  return (
    <Card title={t('dashboard.lastSync')} id="last-sync">
      <div className="list">
        {connections.map((c) => {
          const last = lastSyncDate(c);
          return (
            <div key={c.id} className="list-item" data-testid="sync-row">
              <ProviderLogo url={c.logo_url} name={c.name} size="sm" />
              <div style={{ flex: 1, minWidth: 0 }}>
                <Link to={`/connections/${c.id}`} style={{ fontWeight: 550, color: 'var(--text)', display: 'block' }}>
                  <PartsLabel parts={labelOf(labels, c)} />
                </Link>
                <div style={{ fontSize: 12.5 }}>
                  <StatusLine
                    status={c.status}
                    running={c.id in running}
                    awaitingCode={c.id in challenges}
                    providerId={c.provider_id}
                  />
                </div>
                <div className="faint" style={{ fontSize: 12 }}>
                  {last ? t('connections.lastSync', { when: relative(last) }) : t('connections.neverSynced')}
                </div>
              </div>
              <SyncButton connection={c} size="sm" />
            </div>
          );
        })}
      </div>
    </Card>
  );
});
