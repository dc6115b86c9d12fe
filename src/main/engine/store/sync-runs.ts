/**
 * What the synchronization reads and writes about runs (see docs/api/synchronization.md): the connection and channel
 * rows it works on, their statuses, the `sync_runs` log, pending challenges, the LIST_ACCOUNTS listing
 * (`listed_accounts`), and the settling of runs a stopped process left unfinished.
 */
import type { Db } from '../db/database';
import type { ChannelRow } from './channels';
import type { ConnectionRow } from './connections';
import type { ChannelStatus } from '../domain/values';

/** Statuses of a run still going: a channel in them has a run that must be accounted for. */
const IN_FLIGHT = "('RUNNING', 'CHALLENGE_REQUIRED')";
/** The error of a run row that never finished. */
const INTERRUPTED = 'interrupted';

export interface ChannelLinkRow {
  channel_definition_id: string;
  mode: 'REDIRECT' | 'EMBEDDED';
  status: ChannelStatus;
}

export interface ChannelEnd {
  status: string;
  endDate: number;
  succeeded: boolean;
  expires: number | null;
  /** The connector memory to keep (null: keep the stored one). */
  connectorState: string | null;
  error: string | null;
}

export interface ChallengeRow {
  connectionId: number;
  channelDefinitionId: string;
  fields: string;
  message: string;
  expires: number;
}

export function createSyncRunsStore(db: Db) {
  const s = {
    connection: db.prepare<[number], ConnectionRow>('SELECT * FROM connections WHERE id = ?'),
    channel: db.prepare<[number], ChannelRow>('SELECT * FROM channels WHERE id = ?'),
    runnableChannels: db.prepare<[number], ChannelRow>(
      "SELECT * FROM channels WHERE connection_id = ? AND status NOT IN ('EMPTY', 'CLOSED') ORDER BY id",
    ),
    linkRows: db.prepare<[number], ChannelLinkRow>(
      'SELECT channel_definition_id, mode, status FROM channels WHERE connection_id = ? ORDER BY id',
    ),
    channelStatuses: db.prepare<[number], ChannelStatus>('SELECT status FROM channels WHERE connection_id = ?').pluck(),
    setChannelStatus: db.prepare('UPDATE channels SET status = ? WHERE id = ?'),
    setConnectionStatus: db.prepare('UPDATE connections SET status = ? WHERE id = ? AND status IS NOT ?'),
    setConnectionRunning: db.prepare("UPDATE connections SET status = 'RUNNING' WHERE id = ? AND status <> 'RUNNING'"),
    insertRun: db.prepare(
      "INSERT INTO sync_runs (connection_id, channel_definition_id, type, status, started_date) VALUES (?, ?, ?, 'RUNNING', ?)",
    ),
    endRun: db.prepare('UPDATE sync_runs SET status = ?, ended_date = ?, new_transactions = ?, error = ? WHERE id = ?'),
    cancelRun: db.prepare(
      "UPDATE sync_runs SET status = 'CANCELLED', ended_date = ? WHERE id = ? AND status = 'RUNNING'",
    ),
    endChannel: db.prepare(
      `UPDATE channels SET status = ?, last_end_date = ?, last_success_date = CASE WHEN ? THEN ? ELSE last_success_date END,
         expires = coalesce(?, expires), connector_state = coalesce(?, connector_state), last_error = ?
       WHERE id = ?`,
    ),
    setOwnerName: db.prepare("UPDATE connections SET owner_name = ? WHERE id = ? AND (owner_name IS NULL OR owner_name = '')"),
    setNextSync: db.prepare('UPDATE connections SET next_sync_date = ? WHERE id = ?'),
    dueConnections: db
      .prepare<[number], number>(
        `SELECT id FROM connections WHERE auto_sync = 1 AND next_sync_date IS NOT NULL AND next_sync_date <= ?
           AND status NOT IN ('CLOSED', 'RUNNING') ORDER BY next_sync_date, id LIMIT 200`,
      )
      .pluck(),
    categoryIds: db.prepare<[], string>('SELECT id FROM categories').pluck(),
    // Challenges.
    putChallenge: db.prepare(
      `INSERT INTO challenges (connection_id, channel_definition_id, fields, message, expires) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (connection_id, channel_definition_id) DO UPDATE SET fields = excluded.fields, message = excluded.message, expires = excluded.expires`,
    ),
    deleteChallenge: db.prepare('DELETE FROM challenges WHERE connection_id = ? AND channel_definition_id = ?'),
    // LIST_ACCOUNTS listing.
    clearListing: db.prepare('DELETE FROM listed_accounts WHERE connection_id = ? AND channel_definition_id = ?'),
    putListed: db.prepare(
      `INSERT INTO listed_accounts (connection_id, reference, channel_definition_id, status, payload, creation_date) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (connection_id, reference) DO UPDATE SET channel_definition_id = excluded.channel_definition_id,
         status = excluded.status, payload = excluded.payload, creation_date = excluded.creation_date`,
    ),
    // Recovery.
    previousFinal: db
      .prepare<[number, string], string>(
        `SELECT status FROM sync_runs WHERE connection_id = ? AND channel_definition_id = ?
           AND status NOT IN ('RUNNING', 'CANCELLED') AND error IS NOT '${INTERRUPTED}' ORDER BY id DESC LIMIT 1`,
      )
      .pluck(),
    inFlightAll: db.prepare<[], { id: number; connection_id: number; channel_definition_id: string }>(
      `SELECT id, connection_id, channel_definition_id FROM channels WHERE status IN ${IN_FLIGHT}`,
    ),
    inFlightOf: db.prepare<[number], { id: number; connection_id: number; channel_definition_id: string }>(
      `SELECT id, connection_id, channel_definition_id FROM channels WHERE status IN ${IN_FLIGHT} AND connection_id = ?`,
    ),
    failRunsAll: db.prepare(
      `UPDATE sync_runs SET status = 'FAILED', ended_date = ?, error = '${INTERRUPTED}' WHERE status = 'RUNNING'`,
    ),
    failRunsOf: db.prepare(
      `UPDATE sync_runs SET status = 'FAILED', ended_date = ?, error = '${INTERRUPTED}' WHERE status = 'RUNNING' AND connection_id = ?`,
    ),
    deleteChallengesAll: db.prepare('DELETE FROM challenges'),
    deleteChallengesOf: db.prepare('DELETE FROM challenges WHERE connection_id = ?'),
    runningAll: db.prepare<[], number>("SELECT id FROM connections WHERE status = 'RUNNING'").pluck(),
    runningOf: db.prepare<[number], number>("SELECT id FROM connections WHERE status = 'RUNNING' AND id = ?").pluck(),
  };

  return {
    /** Runs `fn` in one transaction (or inside the caller's). */
    atomically<T>(fn: () => T): T {
      return db.inTransaction ? fn() : db.transaction(fn).immediate();
    },
    isOpen: () => db.open,
    connection: (id: number) => s.connection.get(id),
    channel: (id: number) => s.channel.get(id),
    /** Channels that can run (not EMPTY, not CLOSED), oldest first. */
    runnableChannels: (connectionId: number) => s.runnableChannels.all(connectionId),
    /** Every channel of the connection, as the linking rules see them. */
    channelLinks: (connectionId: number) => s.linkRows.all(connectionId),
    channelStatuses: (connectionId: number) => s.channelStatuses.all(connectionId),
    setChannelStatus(channelId: number, status: string): void {
      s.setChannelStatus.run(status, channelId);
    },
    /** Sets the status unless it is already that; */
    setConnectionStatus(connectionId: number, status: string): void {
      s.setConnectionStatus.run(status, connectionId, status);
    },
    markConnectionRunning(connectionId: number): void {
      s.setConnectionRunning.run(connectionId);
    },
    startRun(connectionId: number, channelDefinitionId: string, type: string, started: number): number {
      return Number(s.insertRun.run(connectionId, channelDefinitionId, type, started).lastInsertRowid);
    },
    endRun(runId: number, status: string, ended: number, newTransactions: number, error: string | null): void {
      s.endRun.run(status, ended, newTransactions, error, runId);
    },
    /** Bookkeeping only (no result): the run row says it was cancelled. */
    cancelRun(runId: number, now: number): void {
      s.cancelRun.run(now, runId);
    },
    endChannel(channelId: number, end: ChannelEnd): void {
      s.endChannel.run(
        end.status,
        end.endDate,
        end.succeeded ? 1 : 0,
        end.endDate,
        end.expires,
        end.connectorState,
        end.error,
        channelId,
      );
    },
    /** The account owner's name, kept on the connection the first time one is seen. */
    setOwnerNameIfUnset(connectionId: number, name: string): void {
      s.setOwnerName.run(name, connectionId);
    },
    setNextSync(connectionId: number, date: number): void {
      s.setNextSync.run(date, connectionId);
    },
    /** `auto_sync` connections whose next date has passed (at most 200 per look). */
    dueConnections: (now: number) => s.dueConnections.all(now),
    categoryIds: () => s.categoryIds.all(),
    putChallenge(c: ChallengeRow): void {
      s.putChallenge.run(c.connectionId, c.channelDefinitionId, c.fields, c.message, c.expires);
    },
    deleteChallenge(connectionId: number, channelDefinitionId: string): void {
      s.deleteChallenge.run(connectionId, channelDefinitionId);
    },
    /** Replaces a channel's LIST_ACCOUNTS listing (call clearListing, then putListed per entry). */
    clearListing(connectionId: number, channelDefinitionId: string): void {
      s.clearListing.run(connectionId, channelDefinitionId);
    },
    putListed(
      connectionId: number,
      reference: string,
      channelDefinitionId: string,
      status: string,
      payload: string,
      date: number,
    ): void {
      s.putListed.run(connectionId, reference, channelDefinitionId, status, payload, date);
    },
    /** The final status of the channel's last finished run, or FAILED when none finished. */
    previousFinalStatus(connectionId: number, channelDefinitionId: string): string {
      return s.previousFinal.get(connectionId, channelDefinitionId) ?? 'FAILED';
    },
    /** Channels in flight (RUNNING or waiting on a challenge), of one connection or of all. */
    channelsInFlight: (connectionId?: number) =>
      connectionId === undefined ? s.inFlightAll.all() : s.inFlightOf.all(connectionId),
    /** Run rows still RUNNING become FAILED `interrupted`; their challenges go. */
    failUnfinishedRuns(now: number, connectionId?: number): void {
      if (connectionId === undefined) {
        s.failRunsAll.run(now);
        s.deleteChallengesAll.run();
      } else {
        s.failRunsOf.run(now, connectionId);
        s.deleteChallengesOf.run(connectionId);
      }
    },
    runningConnections: (connectionId?: number) =>
      connectionId === undefined ? s.runningAll.all() : s.runningOf.all(connectionId),
  };
}

export type SyncRunsStore = ReturnType<typeof createSyncRunsStore>;
