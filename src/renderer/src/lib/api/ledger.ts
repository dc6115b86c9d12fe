import { api } from './client';
import type { Account, Connection, Transaction } from './types';

/** What an account kept by hand holds (the engine's manual_kind). */
export const MANUAL_KINDS = ['CASH', 'CHECKINGS', 'SAVINGS', 'PROPERTY', 'LOAN', 'CREDIT_CARD'] as const;
export type ManualKind = (typeof MANUAL_KINDS)[number];

export interface Reconciliation {
  account_id: string;
  date: string;
  statement_balance: number;
  balance: number;
  difference: number;
  creation_date: number;
}

export interface RunningBalance {
  transaction_id: string;
  date: number;
  amount: number;
  balance: number;
}

const account = (id: string) => `/accounts/${encodeURIComponent(id)}`;

/** The person's own ledger (extension, docs/manual-ledger.md): manual accounts and transactions, reconciliation. */
export const manualLedgerApi = {
  createConnection: (name: string) => api.post<Connection>('/manual_connections', { name }).then((r) => r.data),
  createAccount: (body: { connection_id: string; name: string; kind: ManualKind; currency: string; balance: string }) =>
    api.post<Account>('/manual_accounts', body).then((r) => r.data),
  editAccount: (id: string, body: { name: string; kind: ManualKind; balance: string }) => api.put(`/manual_accounts/${encodeURIComponent(id)}`, body),
  createTransaction: (body: { account_id: string; amount: string; date: number; label: string }) =>
    api.post<Transaction>('/manual_transactions', body).then((r) => r.data),
  deleteTransaction: (id: string) => api.del(`/manual_transactions/${encodeURIComponent(id)}`),
  runningBalances: (id: string, page = 1, limit = 500) =>
    api.list<RunningBalance>(`${account(id)}/running_balances`, { query: { page, limit } }),
  reconciliation: (id: string) => api.get<Reconciliation>(`${account(id)}/reconciliation`),
  reconcile: (id: string, body: { date: string; statement_balance: string }) => api.put<Reconciliation>(`${account(id)}/reconciliation`, body),
};
