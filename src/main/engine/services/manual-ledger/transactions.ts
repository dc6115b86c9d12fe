/**
 * Transactions the person enters by hand (POST, PUT, DELETE /manual_transactions), on a manual account or
 * on a bank's account (a cash withdrawal split, a payment the bank has not shown yet). They are BOOKED,
 * marked `manual: true` in the record, count in the account's balance, and no synchronization writes them.
 */
import { randomUUID } from 'node:crypto';
import { InvalidInput, NotFound } from '../../domain/errors';
import { checkAccountTakesManualTransactions, checkCurrency, cleanLabel, parseManualAmount } from '../../domain/manual-ledger';
import { parseId } from '../../domain/record';
import { normalizeNote } from '../../domain/transaction-edits';
import type { ServiceDeps } from '../deps';

export interface ManualTransactionInput {
  account_id: string;
  amount: string | number;
  date: number;
  label: string;
  currency?: string;
  category_id?: string;
  user_note?: string | null;
}

export type ManualTransactionEdit = Required<Pick<ManualTransactionInput, 'amount' | 'date' | 'label'>>;

type Deps = Pick<ServiceDeps, 'store' | 'now'>;

function ownOpenAccount(deps: Deps, userId: number, idText: string) {
  const account = deps.store.accounts.findOwned(userId, parseId(idText));
  if (!account) throw NotFound.of('account', idText);
  checkAccountTakesManualTransactions(account);
  return account;
}

/** POST /manual_transactions: the new row's id. */
export function createManualTransaction(deps: Deps, userId: number, body: ManualTransactionInput): number {
  const { store } = deps;
  const account = ownOpenAccount(deps, userId, body.account_id);
  if (body.currency !== undefined && checkCurrency(body.currency) !== account.currency)
    throw new InvalidInput(`currency must be the account's (${account.currency}): an account keeps one currency; got ${body.currency}`);
  const amount = parseManualAmount(body.amount, account.currency);
  const label = cleanLabel(body.label);
  const note = body.user_note === undefined ? null : normalizeNote(body.user_note);
  const categoryId = body.category_id ?? 'UNCATEGORIZED';
  if (!store.categories.exists(categoryId)) throw new InvalidInput(`unknown category_id ${categoryId}: see GET /categories`);
  return store.transaction(() =>
    store.manualLedger.insertTransaction({
      accountId: account.id,
      userId,
      key: `manual:${randomUUID()}`,
      amount,
      currency: account.currency,
      date: body.date,
      label,
      categoryId,
      note,
      now: deps.now(),
    }),
  );
}

/** The caller's manual transaction; 404 for another user's, a bank's row or none. */
function ownManualTransaction(deps: Deps, userId: number, idText: string) {
  const row = deps.store.manualLedger.ownedTransaction(userId, parseId(idText));
  if (!row) throw NotFound.of('manual transaction', idText);
  const account = deps.store.accounts.findOwned(userId, row.account_id);
  if (account) checkAccountTakesManualTransactions(account);
  return row;
}

/** PUT /manual_transactions/{id}: replaces amount, date and label (category, note, tags: PUT /transactions/{id}). */
export function editManualTransaction(deps: Deps, userId: number, idText: string, body: ManualTransactionEdit): void {
  const row = ownManualTransaction(deps, userId, idText);
  const amount = parseManualAmount(body.amount, row.currency);
  const label = cleanLabel(body.label);
  deps.store.transaction(() => deps.store.manualLedger.updateTransaction(row, { amount, date: body.date, label, now: deps.now() }));
}

/** DELETE /manual_transactions/{id}. */
export function deleteManualTransaction(deps: Deps, userId: number, idText: string): void {
  const row = ownManualTransaction(deps, userId, idText);
  deps.store.transaction(() => deps.store.manualLedger.removeTransaction(row));
}
