import type { Statement } from 'better-sqlite3-multiple-ciphers';
import type { ProviderAccount } from '../connectors/types';
import type { Db } from '../db/database';
import { accountSearchText, type AccountTextFields } from '../domain/account-search-text';
import { parseAccountSort } from '../domain/account-sort';
import { offsetOf, type PageLimit } from '../domain/list-input';
import { currencyExponent, decimalToMinor } from '../domain/money';
import { containsPattern } from '../domain/text-fold';
import type { AccountStatus, AccountType, AccountUsage } from '../domain/values';

/** A row of the `accounts` table. */
export interface AccountRow {
  id: number;
  connection_id: number;
  user_id: number;
  reference: string;
  name: string;
  currency: string;
  balance: number;
  balance_date: number | null;
  iban: string | null;
  account_number: string | null;
  status: AccountStatus;
  type: AccountType;
  usage: AccountUsage;
  owner_name: string | null;
  last_channel_definition_id: string | null;
  payment_source: number | null;
  payment_destination: number | null;
  savings: string | null;
  loan: string | null;
  search_text: string;
  creation_date: number;
  status_before_close: string | null;
  /** 1: the person keeps this account out of totals (PUT /accounts/{id}/preferences). */
  hidden_from_totals: number;
  /** Balance (minor units) and time of its closing by PUT /accounts/{id}; null unless closed that way. */
  closing_balance: number | null;
  closing_date: number | null;
  /** 1: the person chose not to share this account (consent screen); cleared when consent is granted. */
  consent_declined: number;
}

/** A row of `listed_accounts`: an account the last LIST_ACCOUNTS run saw (payload: the connector's ProviderAccount). */
export interface ListedAccountRow {
  reference: string;
  channel_definition_id: string;
  status: 'NEW' | 'PRESENT' | 'MISSING';
  payload: string;
}

/** Filters of GET /accounts, already checked; `words` are folded search words (every one must appear). */
export interface AccountFilters {
  types?: readonly AccountType[];
  status?: AccountStatus;
  usage?: AccountUsage;
  /** -1 when the id is not one of ours (matches nothing). */
  connectionId?: number;
  words?: readonly string[];
}

const SORT_COLUMNS: Record<string, string> = { name: 'name COLLATE NOCASE', creation_date: 'creation_date' };

/**
 * The ORDER BY of GET /accounts `sort` (see parseAccountSort; InvalidInput when malformed). The id breaks
 * ties so that pages never overlap.
 */
export function accountOrderBy(sort: string | undefined): string {
  const terms = parseAccountSort(sort).map((t) => `${SORT_COLUMNS[t.field]} ${t.descending ? 'DESC' : 'ASC'}`);
  return `${terms.join(', ')}, id ASC`;
}

const flag = (v: boolean | undefined) => (v === undefined ? null : v ? 1 : 0);

/** The columns a connector's ProviderAccount gives (money in minor units, details as JSON, the search text). */
function columnsOf(account: ProviderAccount) {
  const currency = account.currency.toUpperCase();
  return {
    reference: account.reference,
    name: account.name,
    currency,
    balance: decimalToMinor(account.balance, currencyExponent(currency)),
    balance_date: account.balance_date ?? null,
    iban: account.iban ?? null,
    account_number: account.account_number ?? null,
    type: account.type,
    usage: account.usage ?? 'PERSONAL',
    owner_name: account.owner?.name ?? null,
    payment_source: flag(account.payment_source),
    payment_destination: flag(account.payment_destination),
    savings: account.savings ? JSON.stringify(account.savings) : null,
    loan: account.loan ? JSON.stringify(account.loan) : null,
    search_text: accountSearchText({ ...account, currency, owner_name: account.owner?.name ?? null }),
  };
}

export interface NewProviderAccount {
  connectionId: number;
  userId: number;
  account: ProviderAccount;
  status: AccountStatus;
  channelDefinitionId: string | undefined;
  now: number;
}

/** Largest number of distinct list shapes whose statements are kept. */
const MAX_LIST_SHAPES = 200;

/** The `accounts` table, with the deleted and listed references of a connection (`deleted_accounts`, `listed_accounts`). */
export function createAccountStore(db: Db) {
  const owned = db.prepare<[number, number], AccountRow>('SELECT * FROM accounts WHERE id = ? AND user_id = ?');
  const setHidden = db.prepare<[number, number]>('UPDATE accounts SET hidden_from_totals = ? WHERE id = ?');
  const ofConnection = db.prepare<[number], AccountRow>('SELECT * FROM accounts WHERE connection_id = ? ORDER BY id');
  const putPlain = db.prepare('UPDATE accounts SET name = ?, status = ?, status_before_close = NULL WHERE id = ?');
  // The closing keeps the balance it replaces with 0 (SET reads the row as it was) and when.
  const putClosed = db.prepare(
    'UPDATE accounts SET name = ?, status = ?, status_before_close = NULL, closing_balance = balance, closing_date = ?, balance = 0 WHERE id = ?',
  );
  const putReopened = db.prepare(
    'UPDATE accounts SET name = ?, status = ?, status_before_close = NULL, closing_balance = NULL, closing_date = NULL WHERE id = ?',
  );
  const onChannel = db
    .prepare<[number, string, number], number>(
      'SELECT count(*) FROM accounts WHERE connection_id = ? AND last_channel_definition_id = ? AND id <> ?',
    )
    .pluck();
  const rememberDeleted = db.prepare(
    `INSERT INTO deleted_accounts (connection_id, reference, deleted_date) VALUES (?, ?, ?)
     ON CONFLICT (connection_id, reference) DO UPDATE SET deleted_date = excluded.deleted_date`,
  );
  const forgetDeleted = db.prepare('DELETE FROM deleted_accounts WHERE connection_id = ? AND reference = ?');
  const remove = db.prepare('DELETE FROM accounts WHERE id = ?');
  const listed = db.prepare<[number, string], ListedAccountRow>(
    'SELECT reference, channel_definition_id, status, payload FROM listed_accounts WHERE connection_id = ? AND reference = ?',
  );
  const listedPresent = db.prepare("UPDATE listed_accounts SET status = 'PRESENT' WHERE connection_id = ? AND reference = ?");
  const hasReference = db.prepare<[number, string], number>('SELECT 1 FROM accounts WHERE connection_id = ? AND reference = ?').pluck();
  const idByReference = db.prepare<[number, string], number>('SELECT id FROM accounts WHERE connection_id = ? AND reference = ?').pluck();
  const closedWithConnection = db.prepare<[number], { id: number; status_before_close: AccountStatus }>(
    "SELECT id, status_before_close FROM accounts WHERE connection_id = ? AND status = 'CLOSED' AND status_before_close IS NOT NULL",
  );
  const reopen = db.prepare('UPDATE accounts SET status = ?, status_before_close = NULL WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO accounts (connection_id, user_id, reference, name, currency, balance, balance_date, iban, account_number,
       status, type, usage, owner_name, last_channel_definition_id, payment_source, payment_destination, savings, loan,
       search_text, creation_date)
     VALUES (@connection_id, @user_id, @reference, @name, @currency, @balance, @balance_date, @iban, @account_number,
       @status, @type, @usage, @owner_name, @last_channel_definition_id, @payment_source, @payment_destination, @savings,
       @loan, @search_text, @creation_date)`,
  );
  const updateFieldsSql = (keepName: boolean) =>
    `UPDATE accounts SET ${keepName ? '' : 'name = @name,'} currency = @currency, balance = @balance, balance_date = @balance_date,
       iban = @iban, account_number = @account_number, type = @type, usage = @usage, owner_name = @owner_name,
       payment_source = @payment_source, payment_destination = @payment_destination, savings = @savings, loan = @loan
     WHERE id = @id`;
  const updateFields = { keep: db.prepare(updateFieldsSql(true)), take: db.prepare(updateFieldsSql(false)) };
  const textFields = db.prepare<[number], AccountTextFields & { id: number }>(
    'SELECT id, name, reference, currency, type, usage, iban, account_number, owner_name FROM accounts WHERE id = ?',
  );
  const textFieldsOfConnection = db.prepare<[number], AccountTextFields & { id: number }>(
    'SELECT id, name, reference, currency, type, usage, iban, account_number, owner_name FROM accounts WHERE connection_id = ?',
  );
  const setSearchText = db.prepare('UPDATE accounts SET search_text = @text WHERE id = @id AND search_text IS NOT @text');
  const listStatements = new Map<string, { count: Statement; page: Statement }>();

  function refreshSearchText(where: { accountId: number } | { connectionId: number }): void {
    const rows = 'accountId' in where ? [textFields.get(where.accountId)].filter((r) => r !== undefined) : textFieldsOfConnection.all(where.connectionId);
    for (const row of rows) setSearchText.run({ text: accountSearchText(row), id: row.id });
  }

  return {
    /** The caller's account, or undefined (another user's is the same as none). */
    findOwned(userId: number, id: number | null): AccountRow | undefined {
      return id === null ? undefined : owned.get(id, userId);
    },
    ofConnection: (connectionId: number): AccountRow[] => ofConnection.all(connectionId),
    /** PUT /accounts/{id}/preferences: kept out of totals, or not. */
    setHiddenFromTotals(id: number, hidden: boolean): void {
      setHidden.run(hidden ? 1 : 0, id);
    },
    /**
     * PUT /accounts/{id}: name and status. A closing sets the balance to 0 and keeps the balance it had and
     * the time (`now`); a reopening forgets them.
     */
    put(id: number, name: string, status: AccountStatus, move: { closed: boolean; reopened: boolean }, now: number): void {
      if (move.closed) putClosed.run(name, status, now, id);
      else if (move.reopened) putReopened.run(name, status, id);
      else putPlain.run(name, status, id);
    },
    /** Accounts of the connection linked to the channel definition, other than `exceptId`. */
    countOnChannel: (connectionId: number, channelDefinitionId: string, exceptId: number): number =>
      onChannel.get(connectionId, channelDefinitionId, exceptId)!,
    /** Removes the account and remembers its reference so that synchronizations do not bring it back. */
    removeRemembering(account: Pick<AccountRow, 'id' | 'connection_id' | 'reference'>, now: number): void {
      rememberDeleted.run(account.connection_id, account.reference, now);
      remove.run(account.id);
    },
    listed: (connectionId: number, reference: string): ListedAccountRow | undefined => listed.get(connectionId, reference),
    hasReference: (connectionId: number, reference: string): boolean => hasReference.get(connectionId, reference) === 1,
    /** The id of the connection's account with this reference, if there is one. */
    idByReference: (connectionId: number, reference: string): number | undefined => idByReference.get(connectionId, reference),
    /** A listed account was added: it is no longer a deleted reference, and is PRESENT in the listing. */
    markAdded(connectionId: number, reference: string): void {
      forgetDeleted.run(connectionId, reference);
      listedPresent.run(connectionId, reference);
    },
    closedWithConnection: (connectionId: number) => closedWithConnection.all(connectionId),
    setReopened: (id: number, status: AccountStatus): void => void reopen.run(status, id),
    /**
     * Inserts an account from a connector's ProviderAccount (POST /accounts, and synchronizations when they
     * add accounts), with its search text. Returns the new id.
     */
    insertProviderAccount(input: NewProviderAccount): number {
      const info = insert.run({
        ...columnsOf(input.account),
        connection_id: input.connectionId,
        user_id: input.userId,
        status: input.status,
        last_channel_definition_id: input.channelDefinitionId ?? null,
        creation_date: input.now,
      });
      return Number(info.lastInsertRowid);
    },
    /**
     * Updates an account's provider-given fields (not its user-given name, status or link) and its search
     * text, so that `q` keeps matching what the record shows. `keepName` false also takes the provider's name.
     */
    updateProviderAccountFields(accountId: number, account: ProviderAccount, keepName = true): void {
      (keepName ? updateFields.keep : updateFields.take).run({ ...columnsOf(account), id: accountId });
      refreshSearchText({ accountId });
    },
    /**
     * Recomputes the `search_text` of accounts from their stored fields. Every write path that changes a
     * text field (rename, synchronization) calls it, with one id or every account of a connection.
     */
    refreshSearchText,
    /** One page of the user's accounts matching the filters (order: `accountOrderBy(sort)`), and the total count. */
    list(userId: number, filters: AccountFilters, sort: string | undefined, page: PageLimit): { rows: AccountRow[]; total: number } {
      const where = ['user_id = ?'];
      const params: unknown[] = [userId];
      if (filters.types !== undefined) {
        where.push(`type IN (${filters.types.map(() => '?').join(', ')})`);
        params.push(...filters.types);
      }
      if (filters.status !== undefined) {
        where.push('status = ?');
        params.push(filters.status);
      }
      if (filters.usage !== undefined) {
        where.push('usage = ?');
        params.push(filters.usage);
      }
      if (filters.connectionId !== undefined) {
        where.push('connection_id = ?');
        params.push(filters.connectionId);
      }
      for (const word of filters.words ?? []) {
        where.push("search_text LIKE ? ESCAPE '\\'");
        params.push(containsPattern(word));
      }
      const orderBy = accountOrderBy(sort);
      const whereSql = where.join(' AND ');
      const key = `${whereSql} ORDER BY ${orderBy}`;
      let s = listStatements.get(key);
      if (!s) {
        s = {
          count: db.prepare(`SELECT count(*) FROM accounts WHERE ${whereSql}`).pluck(),
          page: db.prepare(`SELECT * FROM accounts WHERE ${whereSql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`),
        };
        if (listStatements.size >= MAX_LIST_SHAPES) listStatements.delete(listStatements.keys().next().value!);
        listStatements.set(key, s);
      }
      const total = s.count.get(...params) as number;
      const rows = total === 0 ? [] : (s.page.all(...params, page.limit, offsetOf(page)) as AccountRow[]);
      return { rows, total };
    },
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;
