import type { Db } from '../../src/main/engine/db/database';
import type { SyncPort, SyncRequest } from '../../src/main/engine/sync/sync-port';
import { SecretStoreUnavailable } from '../../src/main/engine/domain/errors';
import type { SecretStore } from '../../src/main/engine/secrets/secret-store';
import { accountSearchText } from '../../src/main/engine/domain/account-search-text';

/**
 * Rows written straight into the database, for tests of reads and filters while no synchronization
 * engine writes them. Every helper returns the new row id. Defaults follow the Coffer Test Bank (9000).
 */
let seq = 0;

export interface ConnectionFixture {
  providerId?: string;
  name?: string;
  status?: string;
  autoSync?: boolean;
  consentPerAccount?: boolean;
  ownerName?: string;
  creationDate?: number;
  /** Channels to create: [channel_definition_id, status]; default the EMBEDDED channel 900000 SUCCESS. */
  channels?: Array<{ id: string; status: string; mode?: 'REDIRECT' | 'EMBEDDED'; masked?: Array<{ id: string; masked_value: string }>; expires?: number }>;
}

export function insertConnection(db: Db, userId: number, f: ConnectionFixture = {}): number {
  const id = Number(
    db
      .prepare(
        `INSERT INTO connections (user_id, provider_id, name, status, auto_sync, consent_per_account, owner_name, creation_date)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        userId,
        f.providerId ?? '9000',
        f.name ?? 'Coffer Test Bank',
        f.status ?? 'SUCCESS',
        f.autoSync === false ? 0 : 1,
        f.consentPerAccount ? 1 : 0,
        f.ownerName ?? null,
        f.creationDate ?? 1_700_000_000 + ++seq,
      ).lastInsertRowid,
  );
  for (const c of f.channels ?? [{ id: '900000', status: 'SUCCESS' }]) {
    const mode = c.mode ?? (c.id.endsWith('01') ? 'REDIRECT' : 'EMBEDDED');
    db.prepare(
      `INSERT INTO channels (connection_id, channel_definition_id, mode, status, masked_credentials, has_secret, expires)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, c.id, mode, c.status, JSON.stringify(c.masked ?? []), c.status === 'EMPTY' ? 0 : 1, c.expires ?? null);
  }
  return id;
}

export interface AccountFixture {
  name?: string;
  reference?: string;
  currency?: string;
  balance?: number;
  type?: 'CHECKINGS' | 'SAVINGS' | 'LOAN' | 'CREDIT_CARD';
  status?: string;
  usage?: 'PERSONAL' | 'PROFESSIONAL';
  iban?: string;
  accountNumber?: string;
  ownerName?: string;
  channelDefinitionId?: string | null;
  creationDate?: number;
  savings?: unknown;
}

export function insertAccount(db: Db, userId: number, connectionId: number, f: AccountFixture = {}): number {
  const n = ++seq;
  const row = {
    name: f.name ?? `Account ${n}`,
    reference: f.reference ?? `ref-${n}`,
    currency: f.currency ?? 'EUR',
    type: f.type ?? 'CHECKINGS',
    usage: f.usage ?? 'PERSONAL',
    iban: f.iban ?? null,
    account_number: f.accountNumber ?? null,
    owner_name: f.ownerName ?? null,
  };
  return Number(
    db
      .prepare(
        `INSERT INTO accounts (connection_id, user_id, reference, name, currency, balance, balance_date, iban, account_number,
           status, type, usage, owner_name, last_channel_definition_id, savings, search_text, creation_date)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        connectionId,
        userId,
        row.reference,
        row.name,
        row.currency,
        f.balance ?? 0,
        1_700_000_000,
        row.iban,
        row.account_number,
        f.status ?? 'ACTIVE',
        row.type,
        row.usage,
        row.owner_name,
        f.channelDefinitionId === undefined ? '900000' : f.channelDefinitionId,
        f.savings === undefined ? null : JSON.stringify(f.savings),
        accountSearchText(row),
        f.creationDate ?? 1_700_000_000 + n,
      ).lastInsertRowid,
  );
}

export interface TransactionFixture {
  amount?: number;
  currency?: string;
  date?: number;
  importDate?: number;
  status?: string;
  categoryId?: string;
  label?: string;
  type?: string;
  notes?: string | null;
  remittance?: string[] | null;
  sourceLabel?: string | null;
  bookingDate?: number | null;
  valueDate?: number | null;
}

/** Amounts in minor units. */
export function insertTransaction(db: Db, userId: number, accountId: number, f: TransactionFixture = {}): number {
  const n = ++seq;
  return Number(
    db
      .prepare(
        `INSERT INTO transactions (account_id, user_id, provider_key, amount, currency, date, booking_date, value_date,
           import_date, last_update_date, label, notes, remittance_information, source_label, type, origin, category_id, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'TRANSACTION', ?, ?)`,
      )
      .run(
        accountId,
        userId,
        `key-${n}`,
        f.amount ?? -1000,
        f.currency ?? 'EUR',
        f.date ?? 1_700_000_000,
        f.bookingDate === undefined ? null : f.bookingDate,
        f.valueDate === undefined ? null : f.valueDate,
        f.importDate ?? 1_700_100_000,
        f.importDate ?? 1_700_100_000,
        f.label ?? `Payment ${n}`,
        f.notes === undefined ? null : f.notes,
        f.remittance ? JSON.stringify(f.remittance) : null,
        f.sourceLabel ?? null,
        f.type ?? 'DEBIT',
        f.categoryId ?? 'UNCATEGORIZED',
        f.status ?? 'BOOKED',
      ).lastInsertRowid,
  );
}

/** A LIST_ACCOUNTS result row (what the synchronization engine writes). */
export function insertListedAccount(
  db: Db,
  connectionId: number,
  account: Record<string, unknown> & { reference: string },
  status: 'NEW' | 'PRESENT' | 'MISSING' = 'NEW',
  channelDefinitionId = '900000',
): void {
  db.prepare(
    `INSERT INTO listed_accounts (connection_id, reference, channel_definition_id, status, payload, creation_date)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(connectionId, account.reference, channelDefinitionId, status, JSON.stringify(account), 1_700_000_000);
}

/** A SyncPort that records what it is asked and only marks the connection RUNNING (like the placeholder). */
export interface RecordingSync extends SyncPort {
  starts: Array<{ connectionId: number; request?: SyncRequest }>;
  cancels: number[];
  answers: Array<{ connectionId: number; answer: Parameters<SyncPort['answerChallenge']>[1] }>;
  /** What answerChallenge returns (true: a challenge was pending). */
  challengePending: boolean;
  running: Set<number>;
}

export function recordingSync(db: Db): RecordingSync {
  const sync: RecordingSync = {
    starts: [],
    cancels: [],
    answers: [],
    challengePending: false,
    running: new Set(),
    start(connectionId, request) {
      sync.starts.push({ connectionId, request });
      if (sync.running.has(connectionId)) return false;
      db.prepare("UPDATE connections SET status = 'RUNNING' WHERE id = ?").run(connectionId);
      sync.running.add(connectionId);
      return true;
    },
    isRunning: (id) => sync.running.has(id),
    async cancel(connectionId) {
      sync.cancels.push(connectionId);
      sync.running.delete(connectionId);
    },
    answerChallenge(connectionId, answer) {
      sync.answers.push({ connectionId, answer });
      return sync.challengePending;
    },
  };
  return sync;
}

/** A SecretStore in memory: lets tests see what is kept and removed (the real keychain is tested apart). */
export function memorySecrets(available = true): SecretStore & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  const assertAvailable = () => {
    if (!available) throw new SecretStoreUnavailable('test: no keychain');
  };
  return {
    entries,
    assertAvailable,
    isAvailable: () => available,
    get(name) {
      assertAvailable();
      return entries.get(name) ?? null;
    },
    set(name, value) {
      assertAvailable();
      entries.set(name, value);
    },
    delete(name) {
      entries.delete(name);
    },
  };
}
