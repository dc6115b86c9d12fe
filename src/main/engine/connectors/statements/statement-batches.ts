/**
 * Parsed statement files → what one synchronization gives the engine per account (pure, table-tested):
 * the account each file's statement belongs to (its reference), every transaction with its key, the union
 * of the rows of all the run's files per account, and the newest closing balance the run knows.
 *
 * Account references: formats that name the account (OFX ACCTID, CAMT IBAN/Id, MT940 :25:) use that
 * identifier. QIF and CSV name none: their rows go to one account per (subfolder or upload `account`,
 * type, currency) — `default|CHECKINGS|EUR` for files at the top of the folder.
 *
 * Transaction keys (no duplicate on a re-import: docs/api/synchronization.md#transaction-keys; UNIQUE(account_id,
 * provider_key)):
 * - a row with the format's own id (OFX FITID, CAMT AcctSvcrRef/NtryRef, MT940 bank reference) gets
 *   `f1:<day>:<amount>:<id>` — the day and amount guard against banks that reuse ids (CAMT NtryRef restarts
 *   at 1 in each statement); a second row of the same file with the same key gets `#1`, then `#2`…;
 * - a row without one gets the derived key of transaction-key.ts (account, day, amount, raw text, ordinal),
 *   its ordinal counted among identical rows OF THE SAME FILE (assignTransactionKeys per file and account).
 * Rows whose key the store already holds are the same transaction (updated in place if it changed, else
 * left alone): re-importing a file adds nothing, and two statements overlapping by a month add only the
 * days the first did not have. Edge case of per-file ordinals: two identical purchases on one day shown
 * once in file A and twice in file B — B's second one (ordinal 1) is new, so the account ends with two, as
 * B says; the reverse order gives the same two.
 */
import { createHash } from 'node:crypto';
import type { Balance, ParsedAccount, ParsedTransaction, StatementFormat } from './formats';
import { assignTransactionKeys, canonicalAmount, type KeyedTransaction } from '../transaction-key';
import type { AccountType } from '../types';

const DAY = 86_400;

/** Formats whose statements carry the account's own identifier. */
const IDENTIFIED: ReadonlySet<StatementFormat> = new Set([
  'OFX1',
  'OFX2',
  'QFX',
  'CAMT053',
  'CAMT052',
  'CAMT054',
  'MT940',
]);

export interface ParsedFile {
  /** Register name (relative path or `.upload/<id>/<name>`), for messages. */
  name: string;
  format: StatementFormat;
  accounts: ParsedAccount[];
  /** QIF/CSV: the subfolder (or the upload's `account`) naming the account; '' for the default one. */
  accountHint: string;
}

export interface KnownAccount {
  reference: string;
  type: AccountType;
  currency: string;
}

export interface AccountBatch {
  reference: string;
  /** The stored account's type and currency win over a file's. */
  type: AccountType;
  currency: string;
  name: string;
  iban?: string;
  accountNumber?: string;
  /** Union of the run's rows for the account, keyed; a key seen in two files keeps the later file's row. */
  rows: KeyedTransaction[];
  /** The newest closing balance among the run's statements (a later file wins a tie). */
  closing?: Balance;
}

export interface FileSummary {
  name: string;
  transactions: number;
  statements: Array<{ reference: string; currency: string; closing?: Balance }>;
}

const TYPE_NAMES: Record<AccountType, string> = {
  CHECKINGS: 'Checking account',
  SAVINGS: 'Savings account',
  LOAN: 'Loan',
  CREDIT_CARD: 'Credit card',
};

/** The name a new account gets (the user may rename it; later imports never change it). */
export function accountName(file: ParsedFile, account: ParsedAccount): string {
  if (account.name?.trim()) return account.name.trim();
  const kind = TYPE_NAMES[account.type];
  if (!IDENTIFIED.has(file.format)) return file.accountHint ? `${file.accountHint} (${kind.toLowerCase()})` : kind;
  const id = account.iban ?? account.accountNumber ?? account.identifier;
  return `${kind} …${id.slice(-4)}`;
}

/** The reference a statement's account has before currency clashes are resolved. */
export function baseReference(file: ParsedFile, account: ParsedAccount): string {
  if (IDENTIFIED.has(file.format)) return account.identifier;
  return `${file.accountHint || 'default'}|${account.type}|${account.currency}`;
}

/** The key of a row that carries the format's own id. */
export function formatKey(tx: Pick<ParsedTransaction, 'date' | 'amount' | 'providerKey'>): string {
  return formatKeyOf(tx.date, canonicalAmount(tx.amount), tx.providerKey!);
}

function formatKeyOf(date: number, canonical: string, id: string): string {
  const safe = id.length > 200 ? `h:${createHash('sha256').update(id).digest('hex').slice(0, 40)}` : id;
  return `f1:${Math.floor(date / DAY)}:${canonical}:${safe}`;
}

/** A row as the engine takes it. Every row has the same members (undefined when absent): one object shape. */
function toProviderTransaction(tx: ParsedTransaction, key?: string): KeyedTransaction {
  return {
    key: key as string,
    date: tx.date,
    booking_date: tx.status === 'BOOKED' ? tx.date : undefined,
    value_date: tx.valueDate,
    amount: tx.amount,
    label: tx.label || tx.rawText,
    raw: tx.rawText,
    remittance_information: tx.remittanceInformation?.length ? tx.remittanceInformation : undefined,
    counterparty: tx.counterparty || undefined,
    type: tx.type,
    status: tx.status,
  };
}

/** Keys of one file's rows for one account (format ids, else derived keys with per-file ordinals). */
export function keyFileRows(reference: string, rows: readonly ParsedTransaction[]): KeyedTransaction[] {
  const out: KeyedTransaction[] = new Array(rows.length);
  const amounts = new Map<string, string>();
  // id → its first row. Only ids seen again need their composed keys counted (hashing every composed key
  // would cost more than the rest of this function).
  const first = new Map<string, number>();
  let repeats: Map<string, number> | undefined;
  let keyless: number[] | undefined;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const id = row.providerKey;
    if (!id) {
      (keyless ??= []).push(i);
      out[i] = toProviderTransaction(row);
      continue;
    }
    let amount = amounts.get(row.amount);
    if (amount === undefined) {
      amount = canonicalAmount(row.amount);
      amounts.set(row.amount, amount);
    }
    const key = formatKeyOf(row.date, amount, id);
    const at = first.get(id);
    if (at === undefined) {
      first.set(id, i);
      out[i] = toProviderTransaction(row, key);
      continue;
    }
    repeats ??= new Map();
    if (!repeats.has(out[at].key)) repeats.set(out[at].key, 1);
    const n = repeats.get(key) ?? 0;
    repeats.set(key, n + 1);
    out[i] = toProviderTransaction(row, n > 0 ? `${key}#${n}` : key);
  }
  if (keyless) {
    // assignTransactionKeys numbers identical rows in list order: the file's order.
    const keyed = assignTransactionKeys(
      reference,
      keyless.map((i) => out[i]),
    );
    for (let k = 0; k < keyless.length; k++) out[keyless[k]].key = keyed[k].key;
  }
  return out;
}

/**
 * Groups the run's files by account. `files` in processing order (folder files by name, then uploads by
 * arrival); `known` are the connection's stored accounts.
 */
export function buildBatches(
  files: readonly ParsedFile[],
  known: readonly KnownAccount[],
): { batches: Map<string, AccountBatch>; summaries: FileSummary[] } {
  // reference → currency, so that one identifier seen in two currencies makes two accounts.
  const claimed = new Map<string, string>(known.map((k) => [k.reference, k.currency]));
  const knownByRef = new Map(known.map((k) => [k.reference, k]));
  const resolve = (base: string, currency: string): string => {
    const taken = claimed.get(base);
    if (taken === undefined) {
      claimed.set(base, currency);
      return base;
    }
    if (taken === currency) return base;
    const other = `${base}|${currency}`;
    if (!claimed.has(other)) claimed.set(other, currency);
    return other;
  };

  const batches = new Map<string, AccountBatch>();
  // Per account, the keyed rows of each file; several files ⇒ their union by key.
  const parts = new Map<string, KeyedTransaction[][]>();
  const summaries: FileSummary[] = [];
  for (const file of files) {
    const summary: FileSummary = { name: file.name, transactions: 0, statements: [] };
    for (const account of file.accounts) {
      const reference = resolve(baseReference(file, account), account.currency);
      let batch = batches.get(reference);
      if (!batch) {
        const stored = knownByRef.get(reference);
        batch = {
          reference,
          type: stored?.type ?? account.type,
          currency: stored?.currency ?? account.currency,
          name: accountName(file, account),
          rows: [],
        };
        batches.set(reference, batch);
        parts.set(reference, []);
      }
      batch.iban ??= account.iban;
      batch.accountNumber ??= account.accountNumber;
      if (account.closingBalance && (!batch.closing || account.closingBalance.date >= batch.closing.date)) {
        batch.closing = account.closingBalance;
      }
      parts.get(reference)!.push(keyFileRows(reference, account.transactions));
      summary.transactions += account.transactions.length;
      summary.statements.push({
        reference,
        currency: batch.currency,
        ...(account.closingBalance ? { closing: account.closingBalance } : {}),
      });
    }
    summaries.push(summary);
  }
  for (const [reference, lists] of parts) {
    if (lists.length === 1) {
      batches.get(reference)!.rows = lists[0];
      continue;
    }
    const union = new Map<string, KeyedTransaction>();
    for (const list of lists) for (const row of list) union.set(row.key, row);
    batches.get(reference)!.rows = [...union.values()];
  }
  return { batches, summaries };
}
