import type { Account, AccountStatus } from './api/types';

/**
 * Why an account is left out of the totals and charts. The totals count only the accounts the person shares
 * with Coffer and wants counted:
 * - PENDING_CONSENT: listed by the bank, but the person has not consented to share it (docs/api/records.md#account-status: "no
 *   synchronization until consent is granted");
 * - NOT_SHARED: the same status, but the person chose not to share it (extension `consent_declined`): said
 *   apart, since nothing waits for them;
 * - CLOSED: closed by the person (or with its connection): archived, balance set to 0;
 * - SUSPENDED: a professional account waiting for the person to validate it, not synchronized;
 * - UNAVAILABLE: no longer reachable through its channel (provider roll-out), its figures are stale;
 * - NOT_FOUND: the bank no longer has it;
 * - HIDDEN: shared, but the person chose "Hide from totals" (extension `hidden_from_totals`);
 * - OTHER: a status this app does not know: left out rather than counted on trust.
 * ACTIVE, MANUAL and ERROR (shared; the last synchronization failed, the last known balance stands) count.
 */
export type NotCountedReason =
  'PENDING_CONSENT' | 'NOT_SHARED' | 'CLOSED' | 'SUSPENDED' | 'UNAVAILABLE' | 'NOT_FOUND' | 'HIDDEN' | 'OTHER';

/** Order in which the reasons are told (the most actionable first). */
export const NOT_COUNTED_REASONS: readonly NotCountedReason[] = [
  'PENDING_CONSENT',
  'SUSPENDED',
  'NOT_SHARED',
  'HIDDEN',
  'CLOSED',
  'NOT_FOUND',
  'UNAVAILABLE',
  'OTHER',
];

const COUNTED_STATUSES: ReadonlySet<string> = new Set<AccountStatus>(['ACTIVE', 'MANUAL', 'ERROR']);
const KNOWN_LEFT_OUT: ReadonlySet<string> = new Set<NotCountedReason>([
  'PENDING_CONSENT',
  'CLOSED',
  'SUSPENDED',
  'UNAVAILABLE',
  'NOT_FOUND',
]);

/** What the rule reads of an account (`hidden_from_totals`, `consent_declined`: extensions, present only when true). */
export type SharingFields = Pick<Account, 'status'> & { hidden_from_totals?: boolean; consent_declined?: boolean };

/** Null when the account counts in the totals, else why it does not. */
export function notCountedReason(account: SharingFields): NotCountedReason | null {
  if (!COUNTED_STATUSES.has(account.status)) {
    if (account.status === 'PENDING_CONSENT' && account.consent_declined === true) return 'NOT_SHARED';
    return KNOWN_LEFT_OUT.has(account.status) ? (account.status as NotCountedReason) : 'OTHER';
  }
  if (account.hidden_from_totals === true) return 'HIDDEN';
  return null;
}

export interface TotalsSplit<A> {
  /** The accounts the totals and charts use. */
  counted: A[];
  /** The others, each with its reason, the most actionable reasons first (NOT_COUNTED_REASONS order). */
  left: Array<{ account: A; reason: NotCountedReason }>;
  /** How many are left out per reason, in NOT_COUNTED_REASONS order, reasons with none omitted. */
  byReason: Array<{ reason: NotCountedReason; count: number }>;
}

/** Splits accounts into those counted in the totals and those left out (see notCountedReason). */
export function splitForTotals<A extends SharingFields>(accounts: readonly A[]): TotalsSplit<A> {
  const counted: A[] = [];
  const left: TotalsSplit<A>['left'] = [];
  const counts = new Map<NotCountedReason, number>();
  for (const account of accounts) {
    const reason = notCountedReason(account);
    if (reason === null) counted.push(account);
    else {
      left.push({ account, reason });
      counts.set(reason, (counts.get(reason) ?? 0) + 1);
    }
  }
  const rank = (r: NotCountedReason) => NOT_COUNTED_REASONS.indexOf(r);
  left.sort((a, b) => rank(a.reason) - rank(b.reason));
  const byReason = NOT_COUNTED_REASONS.filter((r) => counts.has(r)).map((reason) => ({
    reason,
    count: counts.get(reason)!,
  }));
  return { counted, left, byReason };
}
