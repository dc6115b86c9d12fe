import type { ChannelStatus } from './values';

/**
 * DELETE /accounts/{id} (docs/api/records.md#account-status, last-but-one row): when the account was the last one
 * linked to its channel, the channel is removed (it stays listed with status EMPTY); when no used channel is
 * left, the connection is removed too.
 */
export function accountDeletionEffects(input: {
  /** Channel definition the deleted account was linked to (none for a manual connection). */
  channelDefinitionId: string | null | undefined;
  /** Accounts still linked to that channel after the deletion. */
  remainingOnChannel: number;
  /** Every channel of the connection, with its status before the deletion. */
  channels: ReadonlyArray<{ channelDefinitionId: string; status: ChannelStatus }>;
}): { emptyChannel: string | null; removeConnection: boolean } {
  const { channelDefinitionId, remainingOnChannel, channels } = input;
  if (!channelDefinitionId || remainingOnChannel > 0) return { emptyChannel: null, removeConnection: false };
  const own = channels.find((c) => c.channelDefinitionId === channelDefinitionId);
  if (!own || own.status === 'EMPTY') return { emptyChannel: null, removeConnection: false };
  const othersUsed = channels.some((c) => c.channelDefinitionId !== channelDefinitionId && c.status !== 'EMPTY');
  return { emptyChannel: channelDefinitionId, removeConnection: !othersUsed };
}
