import type { AccountType, ChannelMode, ChannelStatus } from './values';

export interface LinkableChannel {
  channelDefinitionId: string;
  mode: ChannelMode;
  /** Account types the channel's definition covers. */
  accountTypes: readonly string[];
  status: ChannelStatus;
}

/**
 * Which channel definition an account is linked to (docs/api/records.md#channel-linking):
 * 1. an account covered by a REDIRECT channel links to it and stays there, even when an EMBEDDED channel
 *    is added later;
 * 2. an account linked to an EMBEDDED channel relinks to a REDIRECT channel covering it as soon as one
 *    exists, and stays there;
 * 3. otherwise it keeps its current link while that channel still covers it, else the first EMBEDDED
 *    channel covering it.
 * EMPTY channels (not used by the user) do not count. Returns undefined when no channel covers the type.
 */
export function linkAccountToChannel(
  accountType: AccountType,
  currentChannelDefinitionId: string | null | undefined,
  channels: readonly LinkableChannel[],
): string | undefined {
  const covering = channels.filter((c) => c.status !== 'EMPTY' && c.accountTypes.includes(accountType));
  const current = covering.find((c) => c.channelDefinitionId === currentChannelDefinitionId);
  if (current?.mode === 'REDIRECT') return current.channelDefinitionId;
  const redirect = covering.find((c) => c.mode === 'REDIRECT');
  if (redirect) return redirect.channelDefinitionId;
  if (current) return current.channelDefinitionId;
  return covering.find((c) => c.mode === 'EMBEDDED')?.channelDefinitionId ?? currentChannelDefinitionId ?? undefined;
}

/**
 * Whether a run of `channelDefinitionId` may write an account (balance, transactions, status): only the
 * channel the account is linked to does, so a relinked account is not updated twice.
 */
export function channelOwnsAccount(accountLink: string | null | undefined, channelDefinitionId: string): boolean {
  return accountLink === null || accountLink === undefined || accountLink === channelDefinitionId;
}
