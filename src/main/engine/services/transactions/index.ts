import { NotFound } from '../../domain/errors';
import { parseId } from '../../domain/record';
import { parseTransactionFilters, type TransactionListQuery } from '../../domain/transaction-filters';
import type { ServiceDeps } from '../deps';
import { editTransaction, type TransactionEdit } from './edit';
import { setSplits } from './splits';
import type { SplitInput } from '../../domain/splits';

export type { TransactionListQuery } from '../../domain/transaction-filters';
export type { TransactionEdit } from './edit';
export type { SplitInput } from '../../domain/splits';

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
    edit: (userId: number, idText: string, edit: TransactionEdit): void => editTransaction(deps, userId, idText, edit),
    /** PUT /transactions/{id}/splits (extension): the parts, or [] to remove the split. */
    split: (userId: number, idText: string, splits: readonly SplitInput[]): void => setSplits(deps, userId, idText, splits),
  };
}

export type TransactionService = ReturnType<typeof createTransactionService>;
