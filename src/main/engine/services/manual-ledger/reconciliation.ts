/**
 * An account's running balance and its reconciliation against a statement (GET /accounts/{id}/running_balances,
 * GET, PUT and DELETE /accounts/{id}/reconciliation). The balance after a row is the account's balance now
 * less every booked row after it (by date, then id); pending rows have none (they are not in the balance).
 * "Reconciled up to" a day keeps the statement balance the person read for the end of that day; Coffer's
 * balance at that moment and the difference are computed at every read, so a transaction added or corrected
 * afterwards shows in the difference at once.
 */
import { NotFound } from '../../domain/errors';
import { dayEnd, parseMoney, reconciliationOf, servedBalance } from '../../domain/manual-ledger';
import { currencyExponent, minorToNumber } from '../../domain/money';
import { offsetOf, type PageLimit } from '../../domain/list-input';
import { idString } from '../../domain/record';
import type { AccountRow } from '../../store/accounts';
import type { ServiceDeps } from '../deps';

type Deps = Pick<ServiceDeps, 'store' | 'now'>;

export interface RunningBalanceRecord {
  transaction_id: string;
  date: number;
  amount: number;
  balance: number;
}

export interface ReconciliationRecord {
  account_id: string;
  date: string;
  statement_balance: number;
  balance: number;
  difference: number;
  creation_date: number;
}

const currentBalance = (account: AccountRow) => servedBalance(account).balance;

/** One page of the account's booked rows, newest first, each with the balance right after it. */
export function runningBalances(deps: Deps, account: AccountRow, page: PageLimit): { records: RunningBalanceRecord[]; total: number } {
  const e = currencyExponent(account.currency);
  const { rows, total } = deps.store.reconciliations.runningBalances(account.id, currentBalance(account), page.limit, offsetOf(page));
  const records = rows.map((r) => ({ transaction_id: idString(r.id), date: r.date, amount: minorToNumber(r.amount, e), balance: minorToNumber(r.balance, e) }));
  return { records, total };
}

function record(deps: Deps, account: AccountRow, day: string, statementBalance: number, creationDate: number): ReconciliationRecord {
  const e = currencyExponent(account.currency);
  const atDayEnd = currentBalance(account) - deps.store.reconciliations.bookedFrom(account.id, dayEnd(day));
  const { balance, difference } = reconciliationOf(statementBalance, atDayEnd);
  return {
    account_id: idString(account.id),
    date: day,
    statement_balance: minorToNumber(statementBalance, e),
    balance: minorToNumber(balance, e),
    difference: minorToNumber(difference, e),
    creation_date: creationDate,
  };
}

/** GET /accounts/{id}/reconciliation: the last one, measured against today's data; 404 when none. */
export function getReconciliation(deps: Deps, account: AccountRow): ReconciliationRecord {
  const row = deps.store.reconciliations.reconciliation(account.id);
  if (!row) throw new NotFound(`account ${account.id} has not been reconciled yet`, idString(account.id));
  return record(deps, account, row.day, row.statement_balance, row.creation_date);
}

/** PUT /accounts/{id}/reconciliation: keeps "reconciled up to `date`" with the statement balance; answers the record. */
export function putReconciliation(deps: Deps, account: AccountRow, body: { date: string; statement_balance: string | number }): ReconciliationRecord {
  dayEnd(body.date);
  const statementBalance = parseMoney('statement_balance', body.statement_balance, account.currency);
  const now = deps.now();
  deps.store.transaction(() => deps.store.reconciliations.putReconciliation(account.id, body.date, statementBalance, now));
  return record(deps, account, body.date, statementBalance, now);
}

/** DELETE /accounts/{id}/reconciliation: forgets the mark; 404 when there was none. */
export function deleteReconciliation(deps: Deps, account: AccountRow): void {
  if (!deps.store.reconciliations.removeReconciliation(account.id)) throw new NotFound(`account ${account.id} has not been reconciled yet`, idString(account.id));
}
