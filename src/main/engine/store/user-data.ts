/**
 * One user's rows for the export and import of their data (services/export-import). Reads come in pages
 * ordered by a key, so a user with a million transactions is never held in memory whole and no statement
 * stays open between pages (the connection serves other requests meanwhile). Writes insert the rows of an
 * import with new ids; the caller runs them in one transaction and maps old ids to new ones.
 */
import type { Db } from '../db/database';
import { accountSearchText } from '../domain/account-search-text';
import { EXPORT_LISTS, USER_FIELDS, type ExportList, type StoredRow } from '../domain/export-document';

/** Where each list's rows come from: the table with its alias, how it is limited to one user, its page key. */
const SOURCES: Record<ExportList, { from: string; alias: string; key: readonly string[] }> = {
  connections: { from: 'connections c WHERE c.user_id = ?', alias: 'c', key: ['c.id'] },
  channels: { from: 'channels x JOIN connections c ON c.id = x.connection_id WHERE c.user_id = ?', alias: 'x', key: ['x.id'] },
  deleted_accounts: {
    from: 'deleted_accounts x JOIN connections c ON c.id = x.connection_id WHERE c.user_id = ?',
    alias: 'x',
    key: ['x.connection_id', 'x.reference'],
  },
  accounts: { from: 'accounts x WHERE x.user_id = ?', alias: 'x', key: ['x.id'] },
  balance_history: {
    from: 'balance_history x JOIN accounts a ON a.id = x.account_id WHERE a.user_id = ?',
    alias: 'x',
    key: ['x.account_id', 'x.date'],
  },
  own_categories: { from: 'user_categories x WHERE x.user_id = ?', alias: 'x', key: ['x.id'] },
  payees: { from: 'payees x WHERE x.user_id = ?', alias: 'x', key: ['x.id'] },
  rules: { from: 'categorization_rules x WHERE x.user_id = ?', alias: 'x', key: ['x.id'] },
  category_corrections: { from: 'category_corrections x WHERE x.user_id = ?', alias: 'x', key: ['x.id'] },
  // `+x.user_id`: read in id order along the primary key. Through a user index every page would sort all the
  // user's rows again (a million rows sorted two hundred times).
  transactions: { from: 'transactions x WHERE +x.user_id = ?', alias: 'x', key: ['x.id'] },
  // Splits and transfer links name their transactions by account and provider key (export-document.ts).
  transaction_splits: {
    from: `(SELECT t.user_id, t.account_id, t.provider_key, s.transaction_id, s.position, s.amount, s.category_id, s.note
            FROM transaction_splits s JOIN transactions t ON t.id = s.transaction_id) x WHERE x.user_id = ?`,
    alias: 'x',
    key: ['x.transaction_id', 'x.position'],
  },
  transfer_links: {
    from: `(SELECT l.id, l.user_id, d.account_id AS debit_account_id, d.provider_key AS debit_provider_key,
              c.account_id AS credit_account_id, c.provider_key AS credit_provider_key, l.confirmed, l.creation_date
            FROM transfer_links l JOIN transactions d ON d.id = l.debit_id JOIN transactions c ON c.id = l.credit_id) x WHERE x.user_id = ?`,
    alias: 'x',
    key: ['x.id'],
  },
  transfer_refusals: {
    from: `(SELECT d.user_id, r.debit_id, r.credit_id, d.account_id AS debit_account_id, d.provider_key AS debit_provider_key,
              c.account_id AS credit_account_id, c.provider_key AS credit_provider_key
            FROM transfer_refusals r JOIN transactions d ON d.id = r.debit_id JOIN transactions c ON c.id = r.credit_id) x WHERE x.user_id = ?`,
    alias: 'x',
    key: ['x.debit_id', 'x.credit_id'],
  },
};

export type PageKey = readonly (string | number)[];

function pageStatement(db: Db, list: ExportList) {
  const { from, alias, key } = SOURCES[list];
  const columns = EXPORT_LISTS[list].map(([name]) => `${alias}.${name}`).join(', ');
  const keys = key.map((k, i) => `${k} AS _k${i}`).join(', ');
  const tuple = key.length === 1 ? key[0] : `(${key.join(', ')})`;
  const params = key.length === 1 ? '?' : `(${key.map(() => '?').join(', ')})`;
  const first = db.prepare(`SELECT ${columns}, ${keys} FROM ${from} ORDER BY ${key.join(', ')} LIMIT ?`);
  const next = db.prepare(`SELECT ${columns}, ${keys} FROM ${from} AND ${tuple} > ${params} ORDER BY ${key.join(', ')} LIMIT ?`);
  return (userId: number, after: PageKey | null, limit: number): { rows: StoredRow[]; last: PageKey | null } => {
    const rows = (after === null ? first.all(userId, limit) : next.all(userId, ...after, limit)) as StoredRow[];
    const tail = rows[rows.length - 1];
    return { rows, last: tail ? key.map((_, i) => tail[`_k${i}`] as string | number) : null };
  };
}

export function createUserDataStore(db: Db) {
  const pages = Object.fromEntries(
    (Object.keys(SOURCES) as ExportList[]).map((list) => [list, pageStatement(db, list)]),
  ) as Record<ExportList, ReturnType<typeof pageStatement>>;
  const profile = db.prepare(`SELECT ${USER_FIELDS.map(([n]) => n).join(', ')} FROM users WHERE id = ?`);
  const properties = db.prepare<[number], { key: string; value: string }>('SELECT key, value FROM user_properties WHERE user_id = ? ORDER BY key');
  const hasData = db
    .prepare<[number, number, number, number, number], number>(
      `SELECT EXISTS (SELECT 1 FROM connections WHERE user_id = ?) OR EXISTS (SELECT 1 FROM categorization_rules WHERE user_id = ?)
       OR EXISTS (SELECT 1 FROM category_corrections WHERE user_id = ?)
       OR EXISTS (SELECT 1 FROM user_categories WHERE user_id = ?) OR EXISTS (SELECT 1 FROM payees WHERE user_id = ?)`,
    )
    .pluck();
  const setProfile = db.prepare(
    `UPDATE users SET ${USER_FIELDS.map(([n]) => `${n} = @${n}`).join(', ')} WHERE id = @id`,
  );
  const clearProperties = db.prepare('DELETE FROM user_properties WHERE user_id = ?');
  const addProperty = db.prepare('INSERT INTO user_properties (user_id, key, value) VALUES (?, ?, ?)');
  const inserts = insertStatements(db);
  const marker = (userId: number) => `import_under_way:${userId}`;
  const setMarker = db.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES (?, 'true')");
  const getMarker = db.prepare<[string], number>('SELECT 1 FROM settings WHERE key = ?').pluck();
  const dropMarker = db.prepare('DELETE FROM settings WHERE key = ?');
  const removeConnections = db.prepare('DELETE FROM connections WHERE user_id = ?');
  const removeRules = db.prepare('DELETE FROM categorization_rules WHERE user_id = ?');
  const removeCorrections = db.prepare('DELETE FROM category_corrections WHERE user_id = ?');
  const removeOwnCategories = db.prepare('DELETE FROM user_categories WHERE user_id = ?');
  const removePayees = db.prepare('DELETE FROM payees WHERE user_id = ?');
  const channelStatuses = db.prepare<[number], string>('SELECT status FROM channels WHERE connection_id = ?').pluck();
  const setConnectionStatus = db.prepare('UPDATE connections SET status = ? WHERE id = ?');

  return {
    /** One page of a list of the user's rows, after the key of the previous page's last row. */
    page: (list: ExportList, userId: number, after: PageKey | null, limit: number) => pages[list](userId, after, limit),
    profile: (userId: number) => profile.get(userId) as StoredRow | undefined,
    properties: (userId: number): Record<string, string> =>
      Object.fromEntries(properties.all(userId).map((p) => [p.key, p.value])),
    /** The user has connections, rules, learnt corrections, own categories or payees: an import would mix two histories. */
    hasData: (userId: number): boolean => hasData.get(userId, userId, userId, userId, userId) === 1,
    setProfile(userId: number, row: StoredRow, props: Record<string, string>): void {
      setProfile.run({ ...row, id: userId });
      clearProperties.run(userId);
      for (const [k, v] of Object.entries(props)) addProperty.run(userId, k, v);
    },
    ...inserts,
    channelStatuses: (connectionId: number): string[] => channelStatuses.all(connectionId),
    setConnectionStatus: (connectionId: number, status: string): void => void setConnectionStatus.run(status, connectionId),
    /** An import into the user began and has not ended (the engine may have stopped in its middle). */
    importUnderWay: (userId: number): boolean => getMarker.get(marker(userId)) === 1,
    beginImport: (userId: number): void => void setMarker.run(marker(userId)),
    endImport: (userId: number): void => void dropMarker.run(marker(userId)),
    /**
     * Removes what an import wrote into a user who had no data before it: their connections (with their
     * channels, accounts, balances and transactions, by cascade), rules and learnt categories.
     */
    removeAll(userId: number): void {
      removeConnections.run(userId);
      removeRules.run(userId);
      removeCorrections.run(userId);
      removeOwnCategories.run(userId);
      removePayees.run(userId);
    },
  };
}

/** The inserts of an import: each returns the new row's id where other rows link to it. */
function insertStatements(db: Db) {
  const connection = db.prepare(
    `INSERT INTO connections (user_id, provider_id, name, status, auto_sync, consent_per_account, owner_name, document_settings, creation_date)
     VALUES (@user_id, @provider_id, @name, @status, @auto_sync, @consent_per_account, @owner_name, @document_settings, @now)`,
  );
  const channel = db.prepare(
    `INSERT INTO channels (connection_id, channel_definition_id, mode, status, last_success_date, last_end_date)
     VALUES (@connection_id, @channel_definition_id, @mode, @status, @last_success_date, @last_end_date)`,
  );
  const deleted = db.prepare('INSERT INTO deleted_accounts (connection_id, reference, deleted_date) VALUES (@connection_id, @reference, @deleted_date)');
  const accountColumns = EXPORT_LISTS.accounts.map(([n]) => n).filter((n) => n !== 'id');
  const account = db.prepare(
    `INSERT INTO accounts (user_id, search_text, creation_date, ${accountColumns.join(', ')})
     VALUES (@user_id, @search_text, @now, ${accountColumns.map((n) => `@${n}`).join(', ')})`,
  );
  const balance = db.prepare('INSERT INTO balance_history (account_id, date, balance) VALUES (@account_id, @date, @balance)');
  const rule = db.prepare(
    `INSERT INTO categorization_rules (user_id, pattern, folded, category_id, position, creation_date, conditions, actions)
     VALUES (@user_id, @pattern, @folded, @category_id, @position, @now, @conditions, @actions)`,
  );
  const correction = db.prepare(
    'INSERT INTO category_corrections (user_id, folded_label, category_id, date) VALUES (@user_id, @folded_label, @category_id, @date)',
  );
  const ownCategory = db.prepare(
    'INSERT INTO user_categories (user_id, parent_id, label, folded, hidden, creation_date) VALUES (@user_id, @parent_id, @label, @folded, @hidden, @now)',
  );
  const payee = db.prepare('INSERT INTO payees (user_id, name, folded, creation_date) VALUES (@user_id, @name, @folded, @now)');
  const txColumns = EXPORT_LISTS.transactions.map(([n]) => n).filter((n) => n !== 'id');
  const transaction = db.prepare(
    `INSERT INTO transactions (user_id, import_date, ${txColumns.join(', ')}) VALUES (@user_id, @now, ${txColumns.map((n) => `@${n}`).join(', ')})`,
  );
  const byKey = db.prepare<[number, string], number>('SELECT id FROM transactions WHERE account_id = ? AND provider_key = ?').pluck();
  const split = db.prepare(
    'INSERT INTO transaction_splits (transaction_id, position, amount, category_id, note) VALUES (@transaction_id, @position, @amount, @category_id, @note)',
  );
  const link = db.prepare(
    'INSERT INTO transfer_links (user_id, debit_id, credit_id, confirmed, creation_date) VALUES (@user_id, @debit_id, @credit_id, @confirmed, @creation_date)',
  );
  const refusal = db.prepare('INSERT OR IGNORE INTO transfer_refusals (debit_id, credit_id) VALUES (@debit_id, @credit_id)');
  const id = (info: { lastInsertRowid: number | bigint }) => Number(info.lastInsertRowid);
  type Row = StoredRow & { user_id: number; now: number };
  return {
    insertConnection: (row: Row): number => id(connection.run(row)),
    insertChannel: (row: StoredRow): void => void channel.run(row),
    insertDeletedAccount: (row: StoredRow): void => void deleted.run(row),
    insertAccount: (row: Row): number =>
      id(account.run({ ...row, search_text: accountSearchText(row as unknown as Parameters<typeof accountSearchText>[0]) })),
    insertBalance: (row: StoredRow): void => void balance.run(row),
    insertRule: (row: Row): number => id(rule.run(row)),
    insertCorrection: (row: Row): void => void correction.run(row),
    insertOwnCategory: (row: Row): number => id(ownCategory.run(row)),
    insertPayee: (row: Row): number => id(payee.run(row)),
    insertTransaction: (row: Row): void => void transaction.run(row),
    /** The id of the transaction of this (new) account with this provider key, if any. */
    transactionIdByKey: (accountId: number, providerKey: string): number | undefined => byKey.get(accountId, providerKey),
    insertSplit: (row: StoredRow): void => void split.run(row),
    insertTransferLink: (row: StoredRow & { user_id: number }): void => void link.run(row),
    insertTransferRefusal: (row: { debit_id: number; credit_id: number }): void => void refusal.run(row),
  };
}
