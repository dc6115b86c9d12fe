import { memo } from 'react';
import type { Connection } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { Link } from '../../lib/router';
import { dataSelectors, useStore } from '../../store';
import { Card } from '../../ui';
import { labelOf } from '../../../core/labels/connection-label';
import { PartsLabel } from '../common/PartsLabel';
import { ProviderLogo } from '../common/ProviderLogo';
import { StatusLine } from '../connections/StatusLine';
import { SyncButton } from '../connections/SyncButton';
import { AttemptNote, lastSuccessText } from '../connections/SyncStateLines';
import { useConnectionSyncState } from '../connections/use-sync-state';

/**
 * Every connection with its status and the time of its last successful synchronization (a failed attempt
 * apart, with the next step), each with its own "Sync now". Memoized, and each row reads its own state: a
 * period switch does not redraw it.
 */
export const LastSyncCard = memo(function LastSyncCard() {
  const { t } = useT();
  const connections = useStore((s) => s.connections);
  return (
    <Card title={t('dashboard.lastSync')} id="last-sync">
      <div className="list">
        {connections.map((c) => (
          <SyncRow key={c.id} connection={c} />
        ))}
      </div>
    </Card>
  );
});

function SyncRow({ connection: c }: { connection: Connection }) {
  const i18n = useT();
  const { state, document } = useConnectionSyncState(c);
  const labels = useStore(dataSelectors.connectionLabels);
  return (
    <div className="list-item" data-testid="sync-row">
      <ProviderLogo url={c.logo_url} name={c.name} size="sm" />
      <div className="stack" style={{ flex: 1, minWidth: 0, gap: 2 }}>
        <Link to={`/connections/${c.id}`} style={{ fontWeight: 550, color: 'var(--text)' }}>
          <PartsLabel parts={labelOf(labels, c)} />
        </Link>
        <div style={{ fontSize: 12.5 }}>
          <StatusLine status={state.status} providerId={c.provider_id} document={document} />
        </div>
        <div className="faint" style={{ fontSize: 12 }}>
          {lastSuccessText(i18n, state)}
        </div>
        <AttemptNote state={state} document={document} providerId={c.provider_id} />
      </div>
      <SyncButton connection={c} size="sm" />
    </div>
  );
}
