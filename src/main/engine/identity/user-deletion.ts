import type { EngineContext } from '../context';
import { channelSecretName } from '../secrets/secret-names';

/**
 * Deletes a user and everything they own: running synchronizations are stopped first, then the keychain
 * entries of their channels go, then the rows (the schema cascades from users to connections, channels,
 * accounts, transactions, keys, queues, events, tokens and properties). The e-mail address is free again
 * afterwards.
 */
export async function deleteUser(
  ctx: Pick<EngineContext, 'identity' | 'secrets' | 'services'>,
  userId: number,
): Promise<void> {
  const users = ctx.identity.users;
  for (const id of users.connectionIds(userId)) await ctx.services.sync.cancel(id);
  for (const id of users.channelIds(userId)) ctx.secrets.delete(channelSecretName(id));
  users.deleteWithOwnedRows(userId);
}
