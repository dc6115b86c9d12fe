import { NotFound } from '../../domain/errors';
import { parseId } from '../../domain/record';
import { parseTransactionFilters, type TransactionListQuery } from '../../domain/transaction-filters';
import type { ServiceDeps } from '../deps';
import { backToAutomatic } from './back-to-automatic';
import { bulkEditTransactions, type BulkEdit } from './bulk-edit';
import { editTransaction, type TransactionEdit } from './edit';
import { setSplits } from './splits';
import type { SplitInput } from '../../domain/splits';

export type { TransactionListQuery } from '../../domain/transaction-filters';
export type { TransactionEdit } from './edit';
export type { SplitInput } from '../../domain/splits';
export type { BulkEdit } from './bulk-edit';

/** The transaction reads (routes/transactions.ts): pages and records come out of SQLite as JSON text. */
export function createTransactionService(deps: Pick<ServiceDeps, 'store' | 'now'>) {
  const queries = deps.store.transactionQueries;
  return {
    /**
     * GET /transactions: one page as JSON (UTF-8 bytes) and the total count. The filters are checked
     * (InvalidInput) only when the raw query string is not already cached: one that succeeded once is valid.
     */
    list(userId: number, queryString: string, query: TransactionListQuery): { json: Buffer; total: number } {
      return queries.listByQueryString(userId, queryString, () => ({ filters: parseTransactionFilters(query), page: query }));
    },
    /** GET /transactions/{id}: the caller's transaction (whatever its status) as JSON text; NotFound otherwise. */
    json(userId: number, idText: string): string {
      const id = parseId(idText);
      const json = id === null ? undefined : queries.getJson(userId, id);
      if (json === undefined) throw NotFound.of('transaction', idText);
      return json;
    },
    /** PUT /transactions/{id} (extension): the person's category, note and tags. */
    edit: (userId: number, idText: string, edit: TransactionEdit) => editTransaction(deps, userId, idText, edit),
    /** PUT /transactions/{id}/splits (extension): the parts, or [] to remove the split. */
    split: (userId: number, idText: string, splits: readonly SplitInput[]): void => setSplits(deps, userId, idText, splits),
    /** POST /transactions/bulk_edit (extension): one operation over the selected transactions. */
    bulkEdit: (userId: number, edit: BulkEdit) => bulkEditTransactions(deps, userId, edit),
    /** POST /transactions/{id}/back_to_automatic (extension): drops the person's category. */
    backToAutomatic: (userId: number, idText: string) => backToAutomatic(deps, userId, idText),
  };
}

export type TransactionService = ReturnType<typeof createTransactionService>;
