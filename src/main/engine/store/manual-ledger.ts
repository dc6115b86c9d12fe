/**
 * The person's own ledger (docs/manual-ledger.md): manual connections and accounts, the transactions they
 * enter by hand (on any account).
 * A manual transaction is an ordinary row of `transactions` with `manual = 1` and a provider_key starting
 * with "manual:" (no connector makes one, so no synchronization ever writes it); every write of one keeps
 * `accounts.manual_total` (the sum the balance adds) in step, in the same transaction.
 */
import type { Db } from '../db/database';
import { accountSearchText } from '../domain/account-search-text';
import type { AccountType } from '../domain/values';

export interface NewManualAccount {
  connectionId: number;
  userId: number;
  reference: string;
  name: string;
  currency: string;
  /** Opening balance, minor units. */
  balance: number;
  kind: string;
  type: AccountType;
  now: number;
}

export interface NewManualTransaction {
  accountId: number;
  userId: number;
  key: string;
  amount: number;
  currency: string;
  date: number;
  label: string;
  categoryId: string;
  note: string | null;
  now: number;
}

/** A manual transaction as its edits need it. */
export interface ManualTransactionRow {
  id: number;
  account_id: number;
  amount: number;
  currency: string;
}

export function createManualLedgerStore(db: Db) {
  const insertConnection = db.prepare<[number, string, string, number]>(
    `INSERT INTO connections (user_id, provider_id, name, status, auto_sync, consent_per_account, creation_date)
     VALUES (?, ?, ?, 'NONE', 0, 0, ?)`,
  );
  const insertAccount = db.prepare(
    `INSERT INTO accounts (connection_id, user_id, reference, name, currency, balance, balance_date, status, type,
       usage, manual_kind, search_text, creation_date)
     VALUES (@connectionId, @userId, @reference, @name, @currency, @balance, @now, 'MANUAL', @type, 'PERSONAL', @kind,
       @searchText, @now)`,
  );
  // The balance given is the one the person reads now: the opening part is what their entries do not explain.
  const updateAccount = db.prepare(
    `UPDATE accounts SET name = @name, manual_kind = @kind, type = @type, balance = @balance - manual_total,
       balance_date = @now, search_text = @searchText WHERE id = @id`,
  );
  const insertTransaction = db.prepare(
    `INSERT INTO transactions (account_id, user_id, provider_key, amount, currency, date, booking_date, import_date,
       last_update_date, label, type, category_id, status, user_note, category_source, manual)
     VALUES (@accountId, @userId, @key, @amount, @currency, @date, @date, @now, @now, @label,
       CASE WHEN @amount < 0 THEN 'DEBIT' ELSE 'CREDIT' END, @categoryId, 'BOOKED', @note,
       CASE WHEN @categoryId = 'UNCATEGORIZED' THEN NULL ELSE 'USER' END, 1)`,
  );
  const ownedTransaction = db.prepare<[number, number], ManualTransactionRow>(
    'SELECT id, account_id, amount, currency FROM transactions WHERE id = ? AND user_id = ? AND manual = 1',
  );
  const updateTransaction = db.prepare(
    `UPDATE transactions SET amount = @amount, date = @date, booking_date = @date, label = @label, last_update_date = @now,
       type = CASE WHEN @amount < 0 THEN 'DEBIT' ELSE 'CREDIT' END WHERE id = @id`,
  );
  const removeTransaction = db.prepare('DELETE FROM transactions WHERE id = ?');
  const addToTotal = db.prepare<[number, number]>('UPDATE accounts SET manual_total = manual_total + ? WHERE id = ?');
  const markManual = db.prepare<[number]>(
    "UPDATE transactions SET manual = 1 WHERE user_id = ? AND substr(provider_key, 1, 7) = 'manual:' AND manual = 0",
  );
  const sumManual = db.prepare<[number]>(
    `UPDATE accounts SET manual_total = (SELECT coalesce(sum(t.amount), 0) FROM transactions t WHERE t.account_id = accounts.id AND t.manual = 1)
     WHERE user_id = ?`,
  );

  const searchText = (a: { name: string; reference: string; currency: string; type: string }) =>
    accountSearchText({ ...a, usage: 'PERSONAL' });

  return {
    /** A connection of the person with no channel (status NONE): never synchronized. */
    insertConnection(userId: number, providerId: string, name: string, now: number): number {
      return Number(insertConnection.run(userId, providerId, name, now).lastInsertRowid);
    },
    insertAccount(a: NewManualAccount): number {
      return Number(insertAccount.run({ ...a, searchText: searchText(a) }).lastInsertRowid);
    },
    /** Name, kind and the balance the person reads now (minor units). */
    updateAccount(a: { id: number; name: string; kind: string; type: AccountType; balance: number; reference: string; currency: string; now: number }): void {
      updateAccount.run({ id: a.id, name: a.name, kind: a.kind, type: a.type, balance: a.balance, now: a.now, searchText: searchText(a) });
    },
    /** Inserts a manual transaction and adds it to its account's manual total; inside a transaction. */
    insertTransaction(t: NewManualTransaction): number {
      const id = Number(insertTransaction.run(t).lastInsertRowid);
      addToTotal.run(t.amount, t.accountId);
      return id;
    },
    /** The caller's manual transaction, or undefined (a bank's row, another user's or none). */
    ownedTransaction: (userId: number, id: number | null): ManualTransactionRow | undefined =>
      id === null ? undefined : ownedTransaction.get(id, userId),
    /** Replaces amount, date and label; inside a transaction. */
    updateTransaction(row: ManualTransactionRow, next: { amount: number; date: number; label: string; now: number }): void {
      updateTransaction.run({ id: row.id, ...next });
      addToTotal.run(next.amount - row.amount, row.account_id);
    },
    /** Deletes it and takes it out of the account's manual total; inside a transaction. */
    removeTransaction(row: ManualTransactionRow): void {
      removeTransaction.run(row.id);
      addToTotal.run(-row.amount, row.account_id);
    },
    /**
     * After an import (whose document keeps the keys, not these derived columns): marks the user's manual
     * transactions by their key and sums them into each account again; inside a transaction.
     */
    restoreManualMarks(userId: number): void {
      markManual.run(userId);
      sumManual.run(userId);
    },
  };
}

export type ManualLedgerStore = ReturnType<typeof createManualLedgerStore>;
