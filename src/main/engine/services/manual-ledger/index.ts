import type { PageLimit } from '../../domain/list-input';
import type { AccountRow } from '../../store/accounts';
import type { ServiceDeps } from '../deps';
import { createManualAccount, createManualConnection, editManualAccount, type ManualAccountEdit, type ManualAccountInput } from './accounts';
import { deleteReconciliation, getReconciliation, putReconciliation, runningBalances } from './reconciliation';
import {
  createManualTransaction,
  deleteManualTransaction,
  editManualTransaction,
  type ManualTransactionEdit,
  type ManualTransactionInput,
} from './transactions';

export type { ManualAccountEdit, ManualAccountInput } from './accounts';
export type { ManualTransactionEdit, ManualTransactionInput } from './transactions';
export type { ReconciliationRecord, RunningBalanceRecord } from './reconciliation';

/** The person's own ledger (routes/manual-ledger.ts): manual connections, accounts and transactions; reconciliation. */
export function createManualLedgerService(deps: Pick<ServiceDeps, 'store' | 'now'>) {
  return {
    createConnection: (userId: number, body: { name: string }) => createManualConnection(deps, userId, body),
    createAccount: (userId: number, body: ManualAccountInput) => createManualAccount(deps, userId, body),
    editAccount: (account: AccountRow, body: ManualAccountEdit) => editManualAccount(deps, account, body),
    createTransaction: (userId: number, body: ManualTransactionInput) => createManualTransaction(deps, userId, body),
    editTransaction: (userId: number, id: string, body: ManualTransactionEdit) => editManualTransaction(deps, userId, id, body),
    deleteTransaction: (userId: number, id: string) => deleteManualTransaction(deps, userId, id),
    runningBalances: (account: AccountRow, page: PageLimit) => runningBalances(deps, account, page),
    reconciliation: (account: AccountRow) => getReconciliation(deps, account),
    reconcile: (account: AccountRow, body: { date: string; statement_balance: string | number }) => putReconciliation(deps, account, body),
    forgetReconciliation: (account: AccountRow) => deleteReconciliation(deps, account),
  };
}

export type ManualLedgerService = ReturnType<typeof createManualLedgerService>;
