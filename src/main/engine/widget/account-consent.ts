/**
 * The manage-accounts widget's consent change (docs/api/records.md#account-status, "consent granted in the
 * manage-accounts widget"): accounts waiting in PENDING_CONSENT that the user ticks become ACTIVE and are
 * synchronized; synchronized accounts the user unticks go back to PENDING_CONSENT (kept, no longer
 * synchronized) until consent is given again.
 *
 * Not sharing is also a decision, which PENDING_CONSENT alone cannot tell from "never asked": withdrawn
 * accounts and those in `decline` are marked `consent_declined`, granted ones unmarked, in the same
 * transaction as the status change. An account the bank adds later is unmarked, so it is asked about.
 */
import type { EngineBasics } from '../engine-basics';
import type { SyncPort } from '../sync/sync-port';
import { InvalidInput, NotFound } from '../domain/errors';
import { parseId } from '../domain/record';
import { accountStatusOnConsent } from '../domain/consent';
import type { AccountStatus } from '../domain/values';

/** Statuses of accounts that are consented (synchronized); only these can have their consent withdrawn. */
const WITHDRAWABLE: ReadonlySet<string> = new Set(['ACTIVE', 'ERROR', 'NOT_FOUND']);

export interface ConsentChange {
  grant?: string[];
  withdraw?: string[];
  /** Accounts the person chose not to share (left unticked): recorded as declined, no longer "waiting". */
  decline?: string[];
}

export interface ConsentResult {
  granted: string[];
  withdrawn: string[];
}

export function changeAccountConsent(
  ctx: Pick<EngineBasics, 'db' | 'store'> & { services: { sync: Pick<SyncPort, 'start'> } },
  userId: number,
  connectionIdText: string,
  change: ConsentChange,
): ConsentResult {
  const connection = ctx.store.connections.findOwned(userId, parseId(connectionIdText));
  if (!connection) throw NotFound.of('connection', connectionIdText);
  if (connection.status === 'CLOSED') throw new InvalidInput(`connection ${connection.id} is closed; reopen it first`);
  const grant = [...new Set(change.grant ?? [])];
  const withdraw = [...new Set(change.withdraw ?? [])];
  const decline = [...new Set(change.decline ?? [])];
  const both = grant.filter((id) => withdraw.includes(id) || decline.includes(id));
  if (both.length) throw new InvalidInput(`an account cannot be both granted and not shared: ${both.join(', ')}`);

  const store = ctx.store.widgetPages;
  const lookup = (text: string) => {
    const row = store.accountOf(parseId(text) ?? -1, connection.id);
    if (!row) throw NotFound.of('account', text);
    return row;
  };
  const granted = grant.map(lookup);
  const toGrant = granted.filter((a) => accountStatusOnConsent(a.status) !== a.status);
  const toWithdraw = withdraw.map(lookup).filter((a) => WITHDRAWABLE.has(a.status));
  const pending: AccountStatus = 'PENDING_CONSENT';
  // Only a waiting account can be declined: withdraw is the way to stop sharing a shared one.
  const toDecline = decline.map(lookup).filter((a) => a.status === pending);

  store.setAccountStatuses(
    [
      ...toGrant.map((a) => ({ id: a.id, from: a.status, to: accountStatusOnConsent(a.status) })),
      ...toWithdraw.map((a) => ({ id: a.id, from: a.status, to: pending })),
    ],
    [
      ...granted.map((a) => ({ id: a.id, declined: false })),
      ...toWithdraw.map((a) => ({ id: a.id, declined: true })),
      ...toDecline.map((a) => ({ id: a.id, declined: true })),
    ],
  );
  if (toGrant.length) ctx.services.sync.start(connection.id, { type: 'ALL', accountIds: toGrant.map((a) => a.id) });
  return { granted: toGrant.map((a) => String(a.id)), withdrawn: toWithdraw.map((a) => String(a.id)) };
}
