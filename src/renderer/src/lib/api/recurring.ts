import { api, listAll } from './client';
import type { RecurringDetection, RecurringPayment } from './types';

/** What PUT /recurring_payments/{id} takes: the fields given change, null gives the detected value back. */
export interface RecurringEdit {
  status?: 'PROPOSED' | 'CONFIRMED' | 'DISMISSED';
  name?: string | null;
  amount?: number | null;
  period?: RecurringPayment['period'] | null;
}

/** Recurring payments found in the history (extension): read with transactions_read, changed with transactions_manage. */
export const recurringApi = {
  /** Proposed and confirmed ones, next expected first (or only the statuses asked). */
  list: (status?: string) => listAll<RecurringPayment>('/recurring_payments', status ? { status } : {}),
  update: (id: string, edit: RecurringEdit) => api.put(`/recurring_payments/${encodeURIComponent(id)}`, edit),
  /** Looks for recurring payments now (a synchronization does it when it ends). */
  detect: () => api.post<RecurringDetection>('/recurring_payments/detect').then((r) => r.data),
};
