import type { Db } from '../../db/database';
import { foldText } from '../common/text-fold';

export interface AccountTextFields {
  name: string;
  reference: string;
  currency: string;
  type: string;
  usage?: string | null;
  iban?: string | null;
  account_number?: string | null;
  owner_name?: string | null;
}

/**
 * The `search_text` of an account (GET /accounts `q`): every text field of its record, folded. The IBAN is
 * also kept without spaces so that both "FR76 3000…" and "FR763000…" match. The status is left out (it has
 * its own filter and changes at every synchronization).
 */
export function accountSearchText(a: AccountTextFields): string {
  const parts = [a.name, a.reference, a.currency, a.type, a.usage, a.iban, a.iban?.replace(/\s+/g, ''), a.account_number, a.owner_name];
  return foldText(parts.filter((p): p is string => typeof p === 'string' && p !== '').join(' '));
}

/**
 * Recomputes the `search_text` of accounts from their stored fields. Every write path that changes a text
 * field (rename, synchronization) calls it, with one id or every account of a connection.
 */
export function refreshAccountSearchText(db: Db, where: { accountId: number } | { connectionId: number }): void {
  const rows = db
    .prepare<[number], AccountTextFields & { id: number }>(
      `SELECT id, name, reference, currency, type, usage, iban, account_number, owner_name FROM accounts
        WHERE ${'accountId' in where ? 'id' : 'connection_id'} = ?`,
    )
    .all('accountId' in where ? where.accountId : where.connectionId);
  const update = db.prepare('UPDATE accounts SET search_text = @text WHERE id = @id AND search_text IS NOT @text');
  for (const row of rows) update.run({ text: accountSearchText(row), id: row.id });
}
