import type { AccountStatus } from './values';

/**
 * Accounts a LIST_ACCOUNTS synchronization adds (new ones and previously deleted ones): with
 * consent_per_account they wait in PENDING_CONSENT for the manage-accounts widget and no synchronization
 * follows; otherwise they are added ACTIVE and a synchronization of type ALL starts when the LIST_ACCOUNTS
 * one ends (docs/api/records.md#account-status, the two "(absent)" LIST_ACCOUNTS rows).
 */
export function listedAccountAddition(consentPerAccount: boolean): {
  status: AccountStatus;
  syncAllAfterwards: boolean;
} {
  return consentPerAccount
    ? { status: 'PENDING_CONSENT', syncAllAfterwards: false }
    : { status: 'ACTIVE', syncAllAfterwards: true };
}

/**
 * The type of the first synchronization of a new connection (see docs/api/request-bodies.md#connections): consent first
 * when consent is per account.
 */
export function firstSyncType(consentPerAccount: boolean): 'ALL' | 'LIST_ACCOUNTS' {
  return consentPerAccount ? 'LIST_ACCOUNTS' : 'ALL';
}

/** Consent granted in the manage-accounts widget: PENDING_CONSENT accounts become ACTIVE and are synchronized. */
export function accountStatusOnConsent(current: AccountStatus): AccountStatus {
  return current === 'PENDING_CONSENT' ? 'ACTIVE' : current;
}

/** Statuses under which an account is left out of synchronizations. */
export function isAccountSynchronized(status: AccountStatus): boolean {
  return status !== 'CLOSED' && status !== 'PENDING_CONSENT' && status !== 'SUSPENDED' && status !== 'UNAVAILABLE' && status !== 'MANUAL';
}
