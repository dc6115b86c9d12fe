import { api, listAll } from './client';
import type { Transaction, Transfer } from './types';

/** The body of PUT /transactions/{id}/splits: each part's amount in the transaction's currency. */
export type SplitPartInput = { amount: number; category_id: string; note?: string | null };

/** Splits and transfers between the person's own accounts (extensions): read with transactions_read, changed with transactions_manage. */
export const ledgerApi = {
  /** Replaces the parts of a transaction (they add up to its amount exactly, else 400 saying by how much); [] removes the split. */
  split: (id: Transaction['id'], splits: readonly SplitPartInput[]) =>
    api.put(`/transactions/${encodeURIComponent(id)}/splits`, { splits }),
  /** Every transfer link of the person. */
  transfers: () => listAll<Transfer>('/transfers'),
  /** Links two transactions as a transfer, by hand (confirmed); 409 when one is already linked. */
  link: (a: string, b: string) => api.post<Transfer>('/transfers', { transaction_ids: [a, b] }).then((r) => r.data),
  confirm: (id: string) => api.put(`/transfers/${encodeURIComponent(id)}`, { confirmed: true }),
  /** Unlinks; the automatic detection never links that pair again. */
  unlink: (id: string) => api.del(`/transfers/${encodeURIComponent(id)}`),
};
