import type { Db } from '../db/database';
import type { ChannelStatus, ConnectionStatus } from '../domain/values';

/**
 * What the REDIRECT roll-out (see docs/api/rollout.md#steps) reads and writes: the provider's state
 * (`providers.rollout`, JSON), the catalogue (REDIRECT availability, EMBEDDED account types), connections'
 * `rollout_member` and the channels and accounts that step 2 changes.
 */
export function createRolloutStore(db: Db) {
  const stateJson = db.prepare<[string], string>('SELECT rollout FROM providers WHERE id = ?').pluck();
  const setState = db.prepare('UPDATE providers SET rollout = ? WHERE id = ?');
  const member = db.prepare<[number, string], number>('SELECT rollout_member FROM connections WHERE id = ? AND provider_id = ?').pluck();
  const allUsers = db.prepare<[], number>('SELECT id FROM users ORDER BY id').pluck();
  const makeAvailable = db.prepare('UPDATE channel_definitions SET unavailable = 0 WHERE id = ?');
  const setAccountTypes = db.prepare('UPDATE channel_definitions SET account_types = ? WHERE id = ?');
  const openChannels = db.prepare<[string, string], { id: number; connection_id: number; status: ChannelStatus }>(
    `SELECT ch.id, ch.connection_id, ch.status FROM channels ch JOIN connections c ON c.id = ch.connection_id
      WHERE c.provider_id = ? AND ch.channel_definition_id = ? AND ch.status NOT IN ('EMPTY', 'CLOSED')`,
  );
  const accountsOn = db.prepare<[number, string], { id: number; type: string; status: string }>(
    'SELECT id, type, status FROM accounts WHERE connection_id = ? AND last_channel_definition_id = ? ORDER BY id',
  );
  const setAccountUnavailable = db.prepare("UPDATE accounts SET status = 'UNAVAILABLE' WHERE id = ?");
  const setChannelStatus = db.prepare('UPDATE channels SET status = ? WHERE id = ?');
  const channelStatuses = db.prepare<[number], ChannelStatus>('SELECT status FROM channels WHERE connection_id = ?').pluck();
  const connectionStatus = db.prepare<[number], ConnectionStatus>('SELECT status FROM connections WHERE id = ?').pluck();
  const setConnectionStatus = db.prepare('UPDATE connections SET status = ? WHERE id = ?');

  return {
    /** The provider's roll-out state as stored (`{}` when never rolled out; undefined for an unknown provider). */
    stateJson: (providerId: string): string | undefined => stateJson.get(providerId),
    setState: (providerId: string, json: string): void => void setState.run(json, providerId),
    /** Whether the connection was made a member of the provider's step-1 batches. */
    isMemberConnection: (connectionId: number, providerId: string): boolean => member.get(connectionId, providerId) === 1,
    /** The ids among `ids` that are users. */
    knownUsers(ids: readonly number[]): Set<number> {
      if (ids.length === 0) return new Set();
      return new Set(
        db
          .prepare<number[], number>(`SELECT id FROM users WHERE id IN (${ids.map(() => '?').join(',')})`)
          .pluck()
          .all(...ids),
      );
    },
    allUserIds: (): number[] => allUsers.all(),
    makeDefinitionAvailable: (definitionId: string): void => void makeAvailable.run(definitionId),
    setDefinitionAccountTypes: (definitionId: string, types: readonly string[]): void =>
      void setAccountTypes.run(JSON.stringify(types), definitionId),
    /** Existing connections (of `users`, or all) not CLOSED get an EMPTY channel for the REDIRECT definition and become members. */
    addRedirectChannels(providerId: string, redirectId: string, users: readonly number[] | null): void {
      const filter = users ? `AND user_id IN (${users.map(() => '?').join(',')})` : '';
      const params = [providerId, ...(users ?? [])];
      db.prepare(
        `INSERT OR IGNORE INTO channels (connection_id, channel_definition_id, mode, status)
         SELECT id, ?, 'REDIRECT', 'EMPTY' FROM connections WHERE provider_id = ? AND status <> 'CLOSED' ${filter}`,
      ).run(redirectId, ...params);
      db.prepare(`UPDATE connections SET rollout_member = 1 WHERE provider_id = ? ${filter}`).run(...params);
    },
    /** Channels of the provider's connections on that definition that are in use (not EMPTY, not CLOSED). */
    openChannels: (providerId: string, definitionId: string) => openChannels.all(providerId, definitionId),
    accountsOnChannel: (connectionId: number, definitionId: string) => accountsOn.all(connectionId, definitionId),
    setAccountUnavailable: (accountId: number): void => void setAccountUnavailable.run(accountId),
    setChannelStatus: (channelId: number, status: ChannelStatus): void => void setChannelStatus.run(status, channelId),
    channelStatuses: (connectionId: number): ChannelStatus[] => channelStatuses.all(connectionId),
    connectionStatus: (connectionId: number): ConnectionStatus | undefined => connectionStatus.get(connectionId),
    setConnectionStatus: (connectionId: number, status: ConnectionStatus): void => void setConnectionStatus.run(status, connectionId),
  };
}

export type RolloutStore = ReturnType<typeof createRolloutStore>;
