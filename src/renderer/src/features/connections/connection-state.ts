import type { Account, AccountStatus, Channel, Connection, ConnectionStatus } from '../../lib/api';

/**
 * What every screen says of a connection's synchronization: the connection card, its page (header and
 * channel rows), the dashboard's "Last synchronization" card and the account badges all take it from here,
 * so that no two of them can disagree.
 *
 * Rules, each one a lie seen on a screen before:
 * - "Last synchronized" is the last synchronization that succeeded (fully or in part: the channel's
 *   `last_success_date`), never the end of a run that failed, was cancelled or timed out (`last_end_date`).
 * - A run that ended otherwise after the last success is shown apart, as the last attempt: when, how it ended
 *   (its status) and the next step.
 * - While the app follows a run, every channel the run uses says so, even when the record it holds still
 *   shows the previous run's status: never "Up to date" beside "Synchronizing…".
 * - A synchronization that succeeded without any account is not "Up to date": it says no account was found.
 * - An account in ERROR because its whole channel failed (wrong password, cancelled code…) is "not updated",
 *   not "Error": the account itself did nothing wrong and keeps its last data. Only an account that failed
 *   on its own in a partial run is shown as an error.
 */

/** What the status line shows: a connection status, or one of the app's own readings of it. */
export type ShownStatus = ConnectionStatus | 'AWAITING_CODE' | 'NO_ACCOUNT';

/** An account's status as shown: its own, or NOT_UPDATED when only its channel's failure made it ERROR. */
export type ShownAccountStatus = AccountStatus | 'NOT_UPDATED';

export interface FailedAttempt {
  /** When the run ended, when the engine knows it (a run cut short by a stop may not have an end). */
  date?: number;
  /** How it ended. */
  status: ConnectionStatus;
}

export interface SyncState {
  status: ShownStatus;
  /** The last synchronization that succeeded, fully or in part; undefined: never. */
  lastSuccess?: number;
  /** The last attempt, when it did not succeed and came after the last success (not while a run goes on). */
  failedAttempt?: FailedAttempt;
}

export interface LiveSync {
  /** The app follows a run of this connection (or its record says RUNNING). */
  running: boolean;
  /** That run waits for a code the person must type. */
  awaitingCode?: boolean;
  /** How many accounts the connection has, when the screen knows. */
  accountCount?: number;
}

const SUCCEEDED: ReadonlySet<string> = new Set(['SUCCESS', 'PARTIAL_SUCCESS']);
/** Statuses that are not the end of a run: no attempt to report. */
const NOT_AN_END: ReadonlySet<string> = new Set([...SUCCEEDED, 'NEVER', 'NONE', 'RUNNING', 'EMPTY', 'CLOSED']);
/** Channels no run uses. */
const IDLE_CHANNEL: ReadonlySet<string> = new Set(['EMPTY', 'CLOSED']);

/** The state of a whole connection. */
export function connectionSyncState(connection: Pick<Connection, 'status' | 'channels'>, live: LiveSync): SyncState {
  const channels = (connection.channels ?? []).filter((c) => !IDLE_CHANNEL.has(c.status));
  const lastSuccess = latest(channels.map((c) => c.last_success_date));
  const base = lastSuccess === undefined ? {} : { lastSuccess };
  if (live.running || connection.status === 'RUNNING') {
    return { ...base, status: live.awaitingCode ? 'AWAITING_CODE' : 'RUNNING' };
  }
  const failedAttempt = latestFailure(channels, connection.status);
  const status: ShownStatus =
    connection.status === 'SUCCESS' && live.accountCount === 0 ? 'NO_ACCOUNT' : connection.status;
  return { ...base, status, ...(failedAttempt ? { failedAttempt } : {}) };
}

/**
 * The state of one channel of a connection (a row of the connection's page). `connectionRunning`: the app
 * follows a run of the connection. The channels the record shows RUNNING are the ones running; when it shows
 * none (a record read before the run began), every channel in use is.
 */
export function channelSyncState(
  channel: Channel | undefined,
  siblings: readonly Channel[],
  connectionRunning: boolean,
): SyncState {
  if (!channel) return { status: 'EMPTY' };
  const lastSuccess = channel.last_success_date;
  const base = lastSuccess === undefined ? {} : { lastSuccess };
  const recordShowsRun = siblings.some((c) => c.status === 'RUNNING');
  const running =
    channel.status === 'RUNNING' || (connectionRunning && !recordShowsRun && !IDLE_CHANNEL.has(channel.status));
  if (running) return { ...base, status: 'RUNNING' };
  const failedAttempt = latestFailure([channel], channel.status);
  return { ...base, status: channel.status, ...(failedAttempt ? { failedAttempt } : {}) };
}

/** An account's status as shown beside it, knowing its connection's channels. */
export function shownAccountStatus(
  account: Pick<Account, 'status' | 'last_channel_definition_id'>,
  connection: Pick<Connection, 'channels'> | undefined,
): ShownAccountStatus {
  if (account.status !== 'ERROR' || !connection) return account.status;
  const channels = connection.channels ?? [];
  const own = channels.find((c) => c.channel_definition_id === account.last_channel_definition_id);
  const candidates = own ? [own] : channels;
  // A partial run: this account is among those that failed. Any other failure is its channel's as a whole.
  if (candidates.some((c) => c.status === 'PARTIAL_SUCCESS')) return 'ERROR';
  return candidates.some((c) => !NOT_AN_END.has(c.status)) ? 'NOT_UPDATED' : 'ERROR';
}

/** The most recent run that ended in a failure after the last success of its channel. */
function latestFailure(channels: readonly Channel[], status: ConnectionStatus): FailedAttempt | undefined {
  if (NOT_AN_END.has(status)) return undefined;
  let found: FailedAttempt | undefined;
  for (const c of channels) {
    if (NOT_AN_END.has(c.status)) continue;
    const ended = c.last_end_date;
    if (ended !== undefined && c.last_success_date !== undefined && ended <= c.last_success_date) continue;
    if (found && (ended ?? -1) <= (found.date ?? -1)) continue;
    found = { status: c.status, ...(ended === undefined ? {} : { date: ended }) };
  }
  // The connection failed but no channel tells when (a run cut short before it ended): the status alone.
  return found ?? { status };
}

function latest(dates: ReadonlyArray<number | undefined>): number | undefined {
  let last: number | undefined;
  for (const d of dates) if (d !== undefined && (last === undefined || d > last)) last = d;
  return last;
}
