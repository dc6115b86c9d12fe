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

/** From the boxes ticked now to the change to send: grant what waits and is ticked, withdraw what is shared and unticked. */
export function consentChange(
  accounts: ReadonlyArray<{ id: string; status: AccountStatus }>,
  ticked: ReadonlySet<string>,
): { grant: string[]; withdraw: string[] } {
  const grant: string[] = [];
  const withdraw: string[] = [];
  for (const a of accounts) {
    if (a.status === 'PENDING_CONSENT' && ticked.has(a.id)) grant.push(a.id);
    else if (SHARED.has(a.status) && !ticked.has(a.id)) withdraw.push(a.id);
  }
  return { grant, withdraw };
}

/**
 * Accounts still waiting for a decision: in PENDING_CONSENT and not left unticked on purpose (the engine keeps
 * declined and withdrawn accounts in PENDING_CONSENT too; see consent-decisions.ts).
 */
export function awaitingDecision<A extends { id: string; status: string }>(
  accounts: readonly A[],
  declined: readonly string[] | undefined,
): A[] {
  const no = new Set(declined ?? []);
  return accounts.filter((a) => a.status === 'PENDING_CONSENT' && !no.has(a.id));
}
