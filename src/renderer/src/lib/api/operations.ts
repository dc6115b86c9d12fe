import { api } from './client';
import type { LedgerOperation, RulePreview } from './types';

/** The answer of a change recorded as one operation (bulk edit, back to automatic, a rule applied). */
export interface OperationResult {
  updated: number;
  operation?: LedgerOperation;
}

/** The body of POST /transactions/bulk_edit. */
export interface BulkEditBody {
  transaction_ids: string[];
  category_id?: string;
  tags?: string[];
  add_note?: string;
}

/** The person's operations (extension): every change of their corrections, undone as a whole. */
export const operationsApi = {
  /** The most recent operations, newest first (the engine keeps the last 100). */
  recent: (limit = 1) => api.get<LedgerOperation[]>(`/ledger_operations?limit=${limit}`),
  /** 409 (nothing changed) when it was undone already or its rows were changed or deleted since. */
  undo: (id: string) => api.post<LedgerOperation>(`/ledger_operations/${encodeURIComponent(id)}/undo`).then((r) => r.data),
  backToAutomatic: (id: string) =>
    api.post<OperationResult>(`/transactions/${encodeURIComponent(id)}/back_to_automatic`).then((r) => r.data),
  bulkEdit: (body: BulkEditBody) => api.post<OperationResult>('/transactions/bulk_edit', body).then((r) => r.data),
  preview: (body: Record<string, unknown>) => api.post<RulePreview>('/categorization_rules/preview', body).then((r) => r.data),
};
