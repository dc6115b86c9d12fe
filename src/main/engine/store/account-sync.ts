/**
 * The account reads and writes of a synchronization: the connection's accounts as the run plans them, the
 * references the user deleted, and the per-account writes of a run's results (status, fields, balance).
 */
import type { ProviderAccount } from '../connectors/types';
import type { Db } from '../db/database';
import { createAccountStore } from './accounts';
import type { AccountStatus, AccountType } from '../domain/values';

/** A stored account as the sync plans it (sync/account-plan.ts) and writes it. */
export interface SyncedAccountRow {
  id: number;
  reference: string;
  type: AccountType;
  status: AccountStatus;
  usage: 'PERSONAL' | 'PROFESSIONAL';
  last_channel_definition_id: string | null;
  name: string;
  currency: string;
  balance: number;
  balance_date: number | null;
  account_number: string | null;
  payment_source: number | null;
  payment_destination: number | null;
  savings: string | null;
}

/** The refreshed fields of a listed account (UPDATE accounts …). */
export interface AccountRefresh {
  iban: string | null;
  accountNumber: string | null;
  usage: string;
  ownerName: string | null;
  paymentSource: number | null;
  paymentDestination: number | null;
  savings: string | null;
  loan: string | null;
  link: string | null;
  status: AccountStatus;
  searchText: string;
}

export function createAccountSyncStore(db: Db) {
  const accounts = createAccountStore(db);
  const s = {
    accounts: db.prepare<[number], SyncedAccountRow>(
      `SELECT id, reference, type, status, usage, last_channel_definition_id, name, currency, balance, balance_date,
              account_number, payment_source, payment_destination, savings
         FROM accounts WHERE connection_id = ? ORDER BY id`,
    ),
    deleted: db.prepare<[number], string>('SELECT reference FROM deleted_accounts WHERE connection_id = ?').pluck(),
    undelete: db.prepare('DELETE FROM deleted_accounts WHERE connection_id = ? AND reference = ?'),
    setStatus: db.prepare('UPDATE accounts SET status = ? WHERE id = ? AND status IS NOT ?'),
    refresh: db.prepare(
      `UPDATE accounts SET iban = ?, account_number = ?, usage = ?, owner_name = ?, payment_source = ?, payment_destination = ?,
         savings = ?, loan = ?, last_channel_definition_id = ?, status = ?, search_text = ? WHERE id = ?`,
    ),
    setBalance: db.prepare('UPDATE accounts SET balance = ?, balance_date = ? WHERE id = ?'),
    count: db.prepare<[number], number>('SELECT count(*) FROM accounts WHERE connection_id = ?').pluck(),
    pendingConsent: db
      .prepare<[number], number>("SELECT count(*) FROM accounts WHERE connection_id = ? AND status = 'PENDING_CONSENT'")
      .pluck(),
    validateProfessional: db.prepare("UPDATE accounts SET status = 'ACTIVE' WHERE id = ? AND status = 'SUSPENDED'"),
  };
  return {
    accounts: (connectionId: number) => s.accounts.all(connectionId),
    deletedReferences: (connectionId: number) => new Set(s.deleted.all(connectionId)),
    /** A deleted account the provider lists again, added back by the user's choice (LIST_ACCOUNTS). */
    undelete(connectionId: number, reference: string): void {
      s.undelete.run(connectionId, reference);
    },
    insert(input: {
      connectionId: number;
      userId: number;
      account: ProviderAccount;
      status: AccountStatus;
      channelDefinitionId: string | undefined;
      now: number;
    }): number {
      return accounts.insertProviderAccount(input);
    },
    setStatus(accountId: number, status: string): void {
      s.setStatus.run(status, accountId, status);
    },
    refresh(accountId: number, r: AccountRefresh): void {
      s.refresh.run(
        r.iban,
        r.accountNumber,
        r.usage,
        r.ownerName,
        r.paymentSource,
        r.paymentDestination,
        r.savings,
        r.loan,
        r.link,
        r.status,
        r.searchText,
        accountId,
      );
    },
    setBalance(accountId: number, balanceMinor: number, balanceDate: number): void {
      s.setBalance.run(balanceMinor, balanceDate, accountId);
    },
    count: (connectionId: number) => s.count.get(connectionId)!,
    pendingConsentCount: (connectionId: number) => s.pendingConsent.get(connectionId)!,
    /** SUSPENDED professional account → ACTIVE. */
    validateProfessional(accountId: number): void {
      s.validateProfessional.run(accountId);
    },
  };
}

export type AccountSyncStore = ReturnType<typeof createAccountSyncStore>;
