import { api, request, type QueryValue } from './client';
import { TRANSACTION_STATUSES, type Transaction } from './types';

export const PAGE_SIZE = 500;

/** The body of PUT /transactions/{id}: at least one field. */
export interface TransactionEdit {
  category_id?: string;
  user_note?: string | null;
  tags?: string[];
  /** One of the person's payees (null clears it); or `payee_name`, created when new. Not both. */
  payee_id?: string | null;
  payee_name?: string;
}

export interface TransactionQuery {
  account_id?: string;
  category_id?: string;
  account_type?: string;
  included_statuses?: readonly string[];
  min_amount?: number;
  max_amount?: number;
  start_date?: number;
  end_date?: number;
  start_import_date?: number;
}

export const transactionsApi = {
  /**
   * One page (at most 500 records), with X-Total-Count. Every status unless told (the API's default is
   * BOOKED only).
   */
  page: (page: number, query: TransactionQuery = {}, limit = PAGE_SIZE, signal?: AbortSignal) =>
    request<Transaction[]>('GET', '/transactions', {
      query: { included_statuses: TRANSACTION_STATUSES, ...query, page, limit } as Record<string, QueryValue>,
      signal,
    }),
  get: (id: string) => request<Transaction>('GET', `/transactions/${encodeURIComponent(id)}`).then((r) => r.data),
  /**
   * PUT /transactions/{id} (extension, scope transactions_manage): fields given replace the stored value,
   * fields left out stay; `user_note: null` or "" clears the note, `tags: []` clears the tags.
   */
  edit: (id: string, edit: TransactionEdit) => api.put(`/transactions/${encodeURIComponent(id)}`, edit),
  /** How many transactions match (reads X-Total-Count of a one-row page). */
  count: async (query: TransactionQuery) => {
    const res = await transactionsApi.page(1, query, 1);
    return res.total ?? res.data.length;
  },
};
