import type { Connection } from '../../lib/api';
import { useT, type MessageKey } from '../../lib/i18n';
import { Link } from '../../lib/router';
import { dataSelectors, syncSelectors, useStore } from '../../store';
import { Card } from '../../ui';
import { ChallengeNotice } from '../challenge/ChallengeNotice';
import { PartsLabel } from '../common/PartsLabel';
import { ProviderLogo } from '../common/ProviderLogo';
import { useConnectionLabel } from '../common/use-connection-label';
import { StatusLine } from './StatusLine';
import { SyncButton } from './SyncButton';
import { useAwaitingConsent } from './consent-decisions';
import { channelSyncState } from './connection-state';
import { AttemptNote, lastSuccessText } from './SyncStateLines';
import { useConnectionSyncState } from './use-sync-state';
import { PendingConsentAlert } from './PendingConsentAlert';

export function ConnectionCard({ connection }: { connection: Connection }) {
  const i18n = useT();
  const { t, tn } = i18n;
  const running = useStore((s) => syncSelectors.isRunning(s, connection.id));
  const { state, document } = useConnectionSyncState(connection);
  const accountCount = useStore((s) => dataSelectors.accountsOf(s, connection.id).length);
  // Accounts still waiting for a decision (not those left unticked on purpose: consent-decisions.ts).
  const pending = useAwaitingConsent(connection.id);
  const providerName = useStore((s) => dataSelectors.providerName(s, connection.provider_id));
  const label = useConnectionLabel(connection);
  const channels = (connection.channels ?? []).filter((ch) => ch.status !== 'EMPTY');

  return (
    <Card
      className="card-interactive"
      as="article"
      aria-label={label.text}
      data-testid="connection-card"
      data-connection-id={connection.id}
    >
      <div className="row" style={{ alignItems: 'flex-start', gap: 14 }}>
        <ProviderLogo url={connection.logo_url} name={providerName ?? connection.name} />
        <div className="stack" style={{ flex: 1, minWidth: 0, gap: 6 }}>
          <div className="row row-wrap" style={{ justifyContent: 'space-between' }}>
            <div style={{ minWidth: 0 }}>
              <h2 style={{ fontSize: 16 }} data-testid="connection-title">
                <Link to={`/connections/${connection.id}`} style={{ color: 'var(--text)', display: 'block' }}>
                  <PartsLabel parts={label.parts} />
                </Link>
              </h2>
              <div className="faint" style={{ fontSize: 12.5 }}>
                {[
                  providerName !== connection.name ? providerName : null,
                  tn('connections.accounts', accountCount),
                  lastSuccessText(i18n, state),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </div>
            </div>
            <SyncButton connection={connection} size="sm" />
          </div>
          <div data-testid="connection-status">
            <StatusLine status={state.status} providerId={connection.provider_id} document={document} />
          </div>
          <AttemptNote state={state} document={document} providerId={connection.provider_id} />
          <ChallengeNotice connection={connection} />
          {channels.length > 1 && (
            <ul className="muted" style={{ margin: 0, paddingLeft: 18, fontSize: 13 }}>
              {channels.map((ch) => (
                <li key={ch.channel_definition_id}>
                  {t(`mode.${ch.mode}.short`)} —{' '}
                  {t(`status.${channelSyncState(ch, channels, running).status}` as MessageKey)}
                </li>
              ))}
            </ul>
          )}
          <PendingConsentAlert connectionId={connection.id} pending={pending} />
        </div>
      </div>
    </Card>
  );
}
