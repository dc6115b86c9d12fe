import type { Channel, ChannelDefinition, Connection, Provider } from '../../lib/api';
import { useT, type MessageKey } from '../../lib/i18n';
import { Button, Card } from '../../ui';
import { channelSyncState } from './connection-state';
import { FolderLine } from './FolderLine';
import { SimplefinWording } from './simplefin/SimplefinConnectionNotes';
import { StatusLine } from './StatusLine';
import { lastSuccessText } from './SyncStateLines';

type ChannelRow = { channel?: Channel; definition?: ChannelDefinition; id: string };

/** Channels in use, then the provider's other definitions the person could add. */
function rowsOf(connection: Connection, definitions: readonly ChannelDefinition[]): ChannelRow[] {
  return [
    ...connection.channels.map((channel) => ({
      channel,
      definition: definitions.find((d) => d.id === channel.channel_definition_id),
      id: channel.channel_definition_id,
    })),
    ...definitions
      .filter((d) => !connection.channels.some((c) => c.channel_definition_id === d.id) && !d.unavailable)
      .map((definition) => ({ definition, id: definition.id })),
  ];
}

/**
 * A connection's channels: those in use, then the provider's other definitions the person could add, each
 * with its state and the action that fits (add, renew the bank's consent, new credentials).
 */
export function ChannelsCard({
  connection,
  provider,
  running,
  document,
  onOpen,
}: {
  connection: Connection;
  provider: Provider | undefined;
  running: boolean;
  document: boolean;
  onOpen: (definition: ChannelDefinition) => void;
}) {
  const i18n = useT();
  const { t, day } = i18n;
  const closed = connection.status === 'CLOSED';
  const channelRows = rowsOf(connection, provider?.channel_definitions ?? []);

  return (
    // A connection kept by hand has no channel: the card is left out rather than shown empty.
    <Card title={t('connections.channels')} id="channels" hidden={channelRows.length === 0}>
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
                  onClick={() => onOpen(definition)}
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
  );
}
