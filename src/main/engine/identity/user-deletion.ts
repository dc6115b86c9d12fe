import type { EngineContext } from '../context';
import { channelSecretName } from '../secrets/secret-names';

/**
 * Deletes a user and everything they own (interface.md "What the service does" 8): running synchronizations
 * are stopped first, then the keychain entries of their channels go, then the rows (the schema cascades from
 * users to connections, channels, accounts, transactions, keys, queues, events, tokens and properties).
 * The e-mail address is free again afterwards.
 */
export async function deleteUser(ctx: EngineContext, userId: number): Promise<void> {
  const connectionIds = ctx.db
    .prepare<[number], { id: number }>('SELECT id FROM connections WHERE user_id = ?')
    .all(userId)
    .map((r) => r.id);
  for (const id of connectionIds) await ctx.services.sync.cancel(id);

  const channelIds = ctx.db
    .prepare<[number], { id: number }>(
      'SELECT ch.id FROM channels ch JOIN connections c ON c.id = ch.connection_id WHERE c.user_id = ?',
    )
    .all(userId)
    .map((r) => r.id);
  for (const id of channelIds) ctx.secrets.delete(channelSecretName(id));

  ctx.db.transaction(() => {
    // transactions.user_id has no foreign key of its own (it cascades through accounts); be explicit anyway.
    ctx.db.prepare('DELETE FROM transactions WHERE user_id = ?').run(userId);
    ctx.db.prepare('DELETE FROM webhook_deliveries WHERE user_id = ?').run(userId);
    ctx.db.prepare('DELETE FROM users WHERE id = ?').run(userId);
  })();
}
