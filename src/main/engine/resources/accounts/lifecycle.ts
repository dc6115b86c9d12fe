import type { ProviderAccount } from '../../connectors/types';
import type { EngineContext } from '../../context';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { catalogueProvider } from '../../catalogue/providers';
import { parseId, parseJson } from '../common/record';
import { deleteConnection, emptyChannel, refreshConnectionStatus } from '../connections/lifecycle';
import { channelsOf, findConnection } from '../connections/rows';
import { accountStatusOnPut } from '../rules/account-status';
import { linkAccountToChannel } from '../rules/channel-linking';
import { accountDeletionEffects } from '../rules/deletion';
import type { AccountStatus } from '../values';
import type { AccountRow } from './record';
import { refreshAccountSearchText } from './search-text';
import { insertProviderAccount } from './write';

/** The caller's account, or undefined (another user's is the same as none). */
export function findAccount(ctx: EngineContext, userId: number, id: number | null): AccountRow | undefined {
  if (id === null) return undefined;
  return ctx.db.prepare<[number, number], AccountRow>('SELECT * FROM accounts WHERE id = ? AND user_id = ?').get(id, userId);
}

/**
 * PUT /accounts/{id} `{name, status}`: renames, and CLOSED archives (data kept, balance 0, no more
 * synchronization) while ACTIVE reopens a CLOSED account and schedules its synchronization.
 */
export function putAccount(ctx: EngineContext, account: AccountRow, body: { name: string; status: 'ACTIVE' | 'CLOSED' }): void {
  const move = accountStatusOnPut(account.status, body.status);
  const db = ctx.db;
  if (move.reopened) {
    const connectionStatus = db.prepare('SELECT status FROM connections WHERE id = ?').pluck().get(account.connection_id);
    if (connectionStatus === 'CLOSED') {
      throw badRequest(`the connection of account ${account.id} is closed; reopen the connection (POST /connections/${account.connection_id}/reopen)`);
    }
  }
  db.transaction(() => {
    db.prepare(
      `UPDATE accounts SET name = ?, status = ?, status_before_close = NULL${move.closed ? ', balance = 0' : ''} WHERE id = ?`,
    ).run(body.name, move.status, account.id);
    refreshAccountSearchText(db, { accountId: account.id });
  })();
  if (move.reopened) ctx.services.sync.start(account.connection_id, { type: 'ALL', accountIds: [account.id] });
}

/**
 * DELETE /accounts/{id}: removes the account and its history, and remembers its reference so that later
 * synchronizations do not bring it back (only LIST_ACCOUNTS lists it again, as NEW). When it was the last
 * account of its channel the channel becomes EMPTY; when no used channel is left the connection is removed.
 */
export async function deleteAccount(ctx: EngineContext, account: AccountRow): Promise<void> {
  const db = ctx.db;
  const channels = channelsOf(db, account.connection_id);
  const remaining = account.last_channel_definition_id
    ? (db
        .prepare('SELECT count(*) FROM accounts WHERE connection_id = ? AND last_channel_definition_id = ? AND id <> ?')
        .pluck()
        .get(account.connection_id, account.last_channel_definition_id, account.id) as number)
    : 0;
  const effects = accountDeletionEffects({
    channelDefinitionId: account.last_channel_definition_id,
    remainingOnChannel: remaining,
    channels: channels.map((c) => ({ channelDefinitionId: c.channel_definition_id, status: c.status })),
  });
  if (effects.removeConnection) {
    await deleteConnection(ctx, account.connection_id);
    return;
  }
  db.transaction(() => {
    db.prepare(
      `INSERT INTO deleted_accounts (connection_id, reference, deleted_date) VALUES (?, ?, ?)
       ON CONFLICT (connection_id, reference) DO UPDATE SET deleted_date = excluded.deleted_date`,
    ).run(account.connection_id, account.reference, ctx.now());
    db.prepare('DELETE FROM accounts WHERE id = ?').run(account.id);
    if (effects.emptyChannel) emptyChannel(ctx, account.connection_id, effects.emptyChannel);
  })();
  if (effects.emptyChannel) refreshConnectionStatus(ctx, account.connection_id);
}

interface ListedRow {
  reference: string;
  channel_definition_id: string;
  status: 'NEW' | 'PRESENT' | 'MISSING';
  payload: string;
}

/**
 * POST /accounts `{connection_id, reference}`: adds an account listed NEW in the connection's last
 * LIST_ACCOUNTS result (table listed_accounts, whose payload is the connector's ProviderAccount). Anything
 * else is 404. The account is ACTIVE (adding it is the consent), linked by the channel-linking rules, and
 * its synchronization starts.
 */
export function createListedAccount(ctx: EngineContext, userId: number, connectionIdText: string, reference: string): number {
  const db = ctx.db;
  const connection = findConnection(db, userId, parseId(connectionIdText));
  if (!connection) throw notFound('connection', connectionIdText);
  const listed = db
    .prepare<[number, string], ListedRow>(
      'SELECT reference, channel_definition_id, status, payload FROM listed_accounts WHERE connection_id = ? AND reference = ?',
    )
    .get(connection.id, reference);
  const exists = db
    .prepare('SELECT 1 FROM accounts WHERE connection_id = ? AND reference = ?')
    .pluck()
    .get(connection.id, reference);
  if (!listed || listed.status !== 'NEW' || exists) {
    throw new ApiError(
      404,
      'not_found',
      `account ${JSON.stringify(reference.slice(0, 64))} is not among the accounts listed NEW for connection ${connection.id}`,
    );
  }
  if (connection.status === 'CLOSED') throw badRequest(`connection ${connection.id} is closed; reopen it first`);
  const account = parseJson<ProviderAccount | null>(listed.payload, null);
  if (!account || typeof account !== 'object') throw notFound('listed account', reference);
  const provider = catalogueProvider(db, connection.provider_id);
  const channels = channelsOf(db, connection.id).map((c) => ({
    channelDefinitionId: c.channel_definition_id,
    mode: c.mode,
    status: c.status,
    accountTypes: provider?.channel_definitions.find((d) => d.id === c.channel_definition_id)?.account_types ?? [],
  }));
  const link = linkAccountToChannel(account.type, listed.channel_definition_id, channels);
  const id = db.transaction(() => {
    const accountId = insertProviderAccount(db, {
      connectionId: connection.id,
      userId,
      account: { ...account, reference },
      status: 'ACTIVE' satisfies AccountStatus,
      channelDefinitionId: link,
      now: ctx.now(),
    });
    db.prepare('DELETE FROM deleted_accounts WHERE connection_id = ? AND reference = ?').run(connection.id, reference);
    db.prepare("UPDATE listed_accounts SET status = 'PRESENT' WHERE connection_id = ? AND reference = ?").run(connection.id, reference);
    return accountId;
  })();
  ctx.services.sync.start(connection.id, { type: 'ALL', accountIds: [id] });
  return id;
}
