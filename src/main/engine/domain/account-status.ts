import { FAILED_STATUSES, type AccountStatus, type ChannelStatus } from './values';

/**
 * What happened to one account during its channel's run: it synchronized, it failed on its own (the
 * channel ended PARTIAL_SUCCESS because of it), or the provider no longer has it.
 */
export type AccountSyncOutcome = 'SYNCED' | 'FAILED' | 'NOT_FOUND';

/** Statuses a synchronization never changes: the account is not synchronized while in them. */
const STATUSES_KEPT_BY_SYNC: ReadonlySet<AccountStatus> = new Set<AccountStatus>([
  'CLOSED',
  'SUSPENDED',
  'PENDING_CONSENT',
  'UNAVAILABLE',
  'MANUAL',
]);

const FAILED: ReadonlySet<string> = new Set(FAILED_STATUSES);

/**
 * The account status rules when a synchronization ends (docs/api/records.md#account-status): the account's status once
 * its channel ended with `channelStatus`. The channel status already reflects per-account outcomes (a failed or
 * not-found account makes it PARTIAL_SUCCESS), so the outcome matters only for PARTIAL_SUCCESS. Accounts that are not
 * synchronized (CLOSED, SUSPENDED, PENDING_CONSENT, UNAVAILABLE, MANUAL) keep their status; a channel status that is
 * not an end (RUNNING, EMPTY, CLOSED, NEEDS_SECRET) changes nothing.
 */
export function accountStatusAfterSync(
  channelStatus: ChannelStatus,
  outcome: AccountSyncOutcome,
  current?: AccountStatus,
): AccountStatus | undefined {
  if (current !== undefined && STATUSES_KEPT_BY_SYNC.has(current)) return current;
  if (channelStatus === 'SUCCESS' || channelStatus === 'NEVER') return 'ACTIVE';
  if (channelStatus === 'PARTIAL_SUCCESS') {
    if (outcome === 'FAILED') return 'ERROR';
    if (outcome === 'NOT_FOUND') return 'NOT_FOUND';
    return 'ACTIVE';
  }
  if (FAILED.has(channelStatus)) return 'ERROR';
  return current;
}

/** First status of an account of a manual connection (status NONE, no channel): MANUAL. */
export function accountStatusForManualConnection(): AccountStatus {
  return 'MANUAL';
}

/**
 * PUT /accounts/{id} `status`: the account's next status, or an error text when the move is not allowed.
 * CLOSED archives (from any status but CLOSED; balance set to 0 and no more synchronization); ACTIVE
 * reopens a CLOSED account (a synchronization is scheduled) and leaves any other status as it is.
 */
export function accountStatusOnPut(
  current: AccountStatus,
  requested: 'ACTIVE' | 'CLOSED',
): { status: AccountStatus; closed: boolean; reopened: boolean } {
  if (requested === 'CLOSED') {
    return { status: 'CLOSED', closed: current !== 'CLOSED', reopened: false };
  }
  if (current === 'CLOSED') return { status: 'ACTIVE', closed: false, reopened: true };
  return { status: current, closed: false, reopened: false };
}
