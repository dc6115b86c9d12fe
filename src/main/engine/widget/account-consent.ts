/**
 * The manage-accounts widget's consent change (interface.md account table, "consent granted in the
 * manage-accounts widget"): accounts waiting in PENDING_CONSENT that the user ticks become ACTIVE and are
 * synchronized; synchronized accounts the user unticks go back to PENDING_CONSENT (kept, no longer
 * synchronized) until consent is given again.
 */
import type { EngineContext } from '../context';
import { badRequest, notFound } from '../http/errors';
import { parseId } from '../domain/record';
import { accountStatusOnConsent } from '../domain/consent';
import type { AccountStatus } from '../domain/values';

/** Statuses of accounts that are consented (synchronized); only these can have their consent withdrawn. */
const WITHDRAWABLE: ReadonlySet<string> = new Set(['ACTIVE', 'ERROR', 'NOT_FOUND']);

export interface ConsentChange {
  grant?: string[];
  withdraw?: string[];
}

export interface ConsentResult {
  granted: string[];
  withdrawn: string[];
}

export function changeAccountConsent(
  ctx: EngineContext,
  userId: number,
  connectionIdText: string,
  change: ConsentChange,
): ConsentResult {
  const { db } = ctx;
  const connection = ctx.store.connections.findOwned(userId, parseId(connectionIdText));
  if (!connection) throw notFound('connection', connectionIdText);
  if (connection.status === 'CLOSED') throw badRequest(`connection ${connection.id} is closed; reopen it first`);
  const grant = [...new Set(change.grant ?? [])];
  const withdraw = [...new Set(change.withdraw ?? [])];
  const both = grant.filter((id) => withdraw.includes(id));
  if (both.length) throw badRequest(`an account cannot be both granted and withdrawn: ${both.join(', ')}`);

  const find = db.prepare<[number, number], { id: number; status: AccountStatus }>(
    'SELECT id, status FROM accounts WHERE id = ? AND connection_id = ?',
  );
  const lookup = (text: string) => {
    const row = find.get(parseId(text) ?? -1, connection.id);
    if (!row) throw notFound('account', text);
    return row;
  };
  const toGrant = grant.map(lookup).filter((a) => accountStatusOnConsent(a.status) !== a.status);
  const toWithdraw = withdraw.map(lookup).filter((a) => WITHDRAWABLE.has(a.status));

  db.transaction(() => {
    const set = db.prepare('UPDATE accounts SET status = ? WHERE id = ? AND status = ?');
    for (const a of toGrant) set.run(accountStatusOnConsent(a.status), a.id, a.status);
    for (const a of toWithdraw) set.run('PENDING_CONSENT', a.id, a.status);
  })();
  if (toGrant.length) ctx.services.sync.start(connection.id, { type: 'ALL', accountIds: toGrant.map((a) => a.id) });
  return { granted: toGrant.map((a) => String(a.id)), withdrawn: toWithdraw.map((a) => String(a.id)) };
}
