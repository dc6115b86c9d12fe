import type { ProviderAccount } from '../../connectors/types';
import { accountStatusOnPut } from '../../domain/account-status';
import { linkAccountToChannel } from '../../domain/channel-linking';
import { accountDeletionEffects } from '../../domain/deletion';
import { InvalidInput, NotFound } from '../../domain/errors';
import { parseId, parseJson } from '../../domain/record';
import type { AccountStatus } from '../../domain/values';
import type { AccountRow } from '../../store/accounts';
import { deleteConnection, emptyChannel, refreshConnectionStatus } from '../connections/lifecycle';
import type { ServiceDeps } from '../deps';

/**
 * PUT /accounts/{id} `{name, status}`: renames, and CLOSED archives (data kept, balance 0, no more
 * synchronization; the balance and time of the closing are kept, extension `closing_balance` and
 * `closing_date`) while ACTIVE reopens a CLOSED account and schedules its synchronization.
 */
export function putAccount(deps: ServiceDeps, account: AccountRow, body: { name: string; status: 'ACTIVE' | 'CLOSED' }): void {
  const { store } = deps;
  const move = accountStatusOnPut(account.status, body.status);
  if (move.reopened && store.connections.statusOf(account.connection_id) === 'CLOSED') {
    throw new InvalidInput(`the connection of account ${account.id} is closed; reopen the connection (POST /connections/${account.connection_id}/reopen)`);
  }
  store.transaction(() => {
    store.accounts.put(account.id, body.name, move.status, move, deps.now());
    store.accounts.refreshSearchText({ accountId: account.id });
  });
  if (move.reopened) deps.sync.start(account.connection_id, { type: 'ALL', accountIds: [account.id] });
}

/**
 * DELETE /accounts/{id}: removes the account and its history, and remembers its reference so that later
 * synchronizations do not bring it back (only LIST_ACCOUNTS lists it again, as NEW). When it was the last
 * account of its channel the channel becomes EMPTY; when no used channel is left the connection is removed.
 */
export async function deleteAccount(deps: ServiceDeps, account: AccountRow): Promise<void> {
  const { store } = deps;
  const channels = store.channels.ofConnection(account.connection_id);
  const remaining = account.last_channel_definition_id
    ? store.accounts.countOnChannel(account.connection_id, account.last_channel_definition_id, account.id)
    : 0;
  const effects = accountDeletionEffects({
    channelDefinitionId: account.last_channel_definition_id,
    remainingOnChannel: remaining,
    channels: channels.map((c) => ({ channelDefinitionId: c.channel_definition_id, status: c.status })),
  });
  if (effects.removeConnection) {
    await deleteConnection(deps, account.connection_id);
    return;
  }
  store.transaction(() => {
    store.accounts.removeRemembering(account, deps.now());
    if (effects.emptyChannel) emptyChannel(deps, account.connection_id, effects.emptyChannel);
  });
  if (effects.emptyChannel) refreshConnectionStatus(deps, account.connection_id);
}

/**
 * POST /accounts `{connection_id, reference}`: adds an account listed NEW in the connection's last
 * LIST_ACCOUNTS result (table listed_accounts, whose payload is the connector's ProviderAccount). Anything
 * else is NotFound. The account is ACTIVE (adding it is the consent), linked by the channel-linking rules,
 * and its synchronization starts.
 */
export function createListedAccount(
  deps: ServiceDeps,
  userId: number,
  connectionIdText: string,
  reference: string,
): { id: number; created: boolean } {
  const { store } = deps;
  const connection = store.connections.findOwned(userId, parseId(connectionIdText));
  if (!connection) throw NotFound.of('connection', connectionIdText);
  const listed = store.accounts.listed(connection.id, reference);
  // Without consent_per_account the LIST_ACCOUNTS run itself adds the accounts it lists NEW
  // (docs/api/records.md#account-status): asking to add one of them is then answered with the account that exists, not
  // refused.
  const existing = listed?.status === 'NEW' ? store.accounts.idByReference(connection.id, reference) : undefined;
  if (existing !== undefined) return { id: existing, created: false };
  if (!listed || listed.status !== 'NEW' || store.accounts.hasReference(connection.id, reference)) {
    throw new NotFound(`account ${JSON.stringify(reference.slice(0, 64))} is not among the accounts listed NEW for connection ${connection.id}`);
  }
  if (connection.status === 'CLOSED') throw new InvalidInput(`connection ${connection.id} is closed; reopen it first`);
  const account = parseJson<ProviderAccount | null>(listed.payload, null);
  if (!account || typeof account !== 'object') throw NotFound.of('listed account', reference);
  const provider = store.providers.find(connection.provider_id);
  const channels = store.channels.ofConnection(connection.id).map((c) => ({
    channelDefinitionId: c.channel_definition_id,
    mode: c.mode,
    status: c.status,
    accountTypes: provider?.channel_definitions.find((d) => d.id === c.channel_definition_id)?.account_types ?? [],
  }));
  const link = linkAccountToChannel(account.type, listed.channel_definition_id, channels);
  const id = store.transaction(() => {
    const accountId = store.accounts.insertProviderAccount({
      connectionId: connection.id,
      userId,
      account: { ...account, reference },
      status: 'ACTIVE' satisfies AccountStatus,
      channelDefinitionId: link,
      now: deps.now(),
    });
    store.accounts.markAdded(connection.id, reference);
    return accountId;
  });
  deps.sync.start(connection.id, { type: 'ALL', accountIds: [id] });
  return { id, created: true };
}
