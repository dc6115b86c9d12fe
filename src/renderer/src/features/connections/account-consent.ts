import type { AccountStatus } from '../../lib/api';

/**
 * Per-account consent (PSD2) as boxes (issue 15): a box per account of the connection, ticked when the
 * account is shared. Shared = synchronized under the consent (ACTIVE, ERROR, NOT_FOUND); PENDING_CONSENT waits
 * for it. Other statuses (CLOSED, SUSPENDED, UNAVAILABLE, MANUAL) have nothing to consent to and get no box.
 * These are the statuses the engine's consent change accepts (src/main/engine/widget/account-consent.ts).
 */
const SHARED: ReadonlySet<AccountStatus> = new Set<AccountStatus>(['ACTIVE', 'ERROR', 'NOT_FOUND']);

export function isShared(status: AccountStatus): boolean {
  return SHARED.has(status);
}

export function hasConsentBox(status: AccountStatus): boolean {
  return SHARED.has(status) || status === 'PENDING_CONSENT';
}

/** What the rules read of an account: its status and, when the person chose not to share it, `consent_declined`. */
export interface ConsentFields {
  id: string;
  status: AccountStatus;
  consent_declined?: boolean;
}

/**
 * From the boxes ticked now to the change to send: grant what waits and is ticked, withdraw what is shared and
 * unticked, and decline what waits, is unticked and was not declined yet (leaving a box unticked on the
 * consent screen is a decision: the engine records it, so no window shows that account as waiting any more).
 */
export function consentChange(
  accounts: readonly ConsentFields[],
  ticked: ReadonlySet<string>,
): { grant: string[]; withdraw: string[]; decline: string[] } {
  const grant: string[] = [];
  const withdraw: string[] = [];
  const decline: string[] = [];
  for (const a of accounts) {
    if (a.status === 'PENDING_CONSENT' && ticked.has(a.id)) grant.push(a.id);
    else if (a.status === 'PENDING_CONSENT' && a.consent_declined !== true) decline.push(a.id);
    else if (SHARED.has(a.status) && !ticked.has(a.id)) withdraw.push(a.id);
  }
  return { grant, withdraw, decline };
}

/** Whether a change asks anything of the engine. */
export function changesSomething(change: { grant: string[]; withdraw: string[]; decline: string[] }): boolean {
  return change.grant.length + change.withdraw.length + change.decline.length > 0;
}

/**
 * Accounts still waiting for a decision: in PENDING_CONSENT and not declined (the engine keeps declined and
 * withdrawn accounts in PENDING_CONSENT too, marked `consent_declined`).
 */
export function awaitingDecision<A extends ConsentFields>(accounts: readonly A[]): A[] {
  return accounts.filter((a) => a.status === 'PENDING_CONSENT' && a.consent_declined !== true);
}

/** Whether an account was left unticked on purpose (shown "Not shared" rather than "Waiting for your consent"). */
export function isDeclined(account: ConsentFields): boolean {
  return account.status === 'PENDING_CONSENT' && account.consent_declined === true;
}
