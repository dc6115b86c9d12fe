import type { EngineContext } from '../context';
import { removeChannelSecrets } from '../store/channel-secret';

/**
 * Deletes a user and everything they own: running synchronizations are stopped first, then the keychain
 * entries of their channels go (or nothing is deleted when the keychain cannot confirm it: SecretRemovalRefused,
 * since the rows are the only way to find those entries again), then the rows (the schema cascades from users to connections, channels,
 * accounts, transactions, keys, queues, events, tokens and properties). The e-mail address is free again
 * afterwards.
 */
export async function deleteUser(
  ctx: Pick<EngineContext, 'identity' | 'secrets' | 'services'>,
  userId: number,
): Promise<void> {
  const users = ctx.identity.users;
  for (const id of users.connectionIds(userId)) await ctx.services.sync.cancel(id);
  removeChannelSecrets(ctx.secrets, users.channels(userId), 'your profile');
  users.deleteWithOwnedRows(userId);
}
