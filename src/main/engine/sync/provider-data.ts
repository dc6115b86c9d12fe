/**
 * Checks what a connector returned and turns it into what the store keeps: accounts with their balance in
 * minor units, transactions as rows (minor units, a stable key, a category). Anything that cannot be stored
 * faithfully is a MalformedProviderData error, never a crash and never a silently wrong figure.
 */
import { deriveTransactionKey, transactionIdentity } from '../connectors/transaction-key';
import {
  PROVIDER_TRANSACTION_STATUSES,
  type AccountFetchResult,
  type ProviderAccount,
  type ProviderTransaction,
} from '../connectors/types';
import { categorize } from '../domain/categorize';
import { currencyExponent, decimalToMinor, MoneyFormatError } from '../domain/money';
import { ACCOUNT_TYPES, TRANSACTION_TYPES } from '../domain/values';
import { MalformedProviderData } from './run-errors';
import type { UserFiling } from './user-filing';

const CURRENCY = /^[A-Z]{3}$/;
const ACCOUNT_TYPE_SET: ReadonlySet<string> = new Set(ACCOUNT_TYPES);
const TRANSACTION_TYPE_SET: ReadonlySet<string> = new Set(TRANSACTION_TYPES);

const isText = (v: unknown): v is string => typeof v === 'string';
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function minor(amount: unknown, currency: string, what: string): number {
  if (!isText(amount)) throw new MalformedProviderData(`${what} is not a decimal text`);
  try {
    return decimalToMinor(amount, currencyExponent(currency));
  } catch (err) {
    if (err instanceof MoneyFormatError) throw new MalformedProviderData(`${what}: ${err.message}`);
    throw err;
  }
}

/** A listed account, checked (its balance parsed). */
export interface CheckedAccount {
  account: ProviderAccount;
  balanceMinor: number;
}

export function checkAccount(value: unknown): CheckedAccount {
  if (!value || typeof value !== 'object') throw new MalformedProviderData('an account is not an object');
  const a = value as ProviderAccount;
  if (!isText(a.reference) || a.reference === '' || a.reference.length > 256)
    throw new MalformedProviderData('an account has no valid reference');
  if (!isText(a.name)) throw new MalformedProviderData(`account ${a.reference}: name is not a text`);
  if (!ACCOUNT_TYPE_SET.has(a.type))
    throw new MalformedProviderData(`account ${a.reference}: unknown type ${String(a.type).slice(0, 40)}`);
  if (!isText(a.currency) || !CURRENCY.test(a.currency))
    throw new MalformedProviderData(`account ${a.reference}: bad currency`);
  if (a.usage !== 'PERSONAL' && a.usage !== 'PROFESSIONAL')
    throw new MalformedProviderData(`account ${a.reference}: bad usage`);
  if (!isTime(a.balance_date)) throw new MalformedProviderData(`account ${a.reference}: bad balance_date`);
  const balanceMinor = minor(a.balance, a.currency, `account ${a.reference} balance`);
  return { account: a, balanceMinor };
}

import type { PreparedTransaction } from '../store/transaction-writes';

export type { PreparedTransaction };

export interface PreparedFetch {
  reference: string;
  balanceMinor: number;
  balanceDate: number;
  pendingComplete: boolean;
  transactions: PreparedTransaction[];
  /** AccountFetchResult.pending_covered_from: a complete pending list judges only rows dated from here. */
  pendingCoveredFrom?: number;
  /** AccountFetchResult.pending_settles_by_match: posted rows come under new keys; settle pending rows by match. */
  settlesByMatch?: boolean;
}

/** categorize() memoized by (type, sign, label): bank data repeats the same labels a great many times. */
export class CategoryMemo {
  private memo = new Map<string, string>();
  constructor(private readonly known: ReadonlySet<string>) {}

  of(tx: ProviderTransaction, negative: boolean): string {
    if (tx.category_id !== undefined && this.known.has(tx.category_id)) return tx.category_id;
    const label = tx.label || tx.raw;
    const memoKey = `${tx.type}|${negative ? '-' : '+'}|${label}`;
    let category = this.memo.get(memoKey);
    if (category === undefined) {
      category = categorize(label, negative ? '-1' : '1', tx.type);
      if (!this.known.has(category)) category = 'UNCATEGORIZED';
      if (this.memo.size > 50_000) this.memo.clear();
      this.memo.set(memoKey, category);
    }
    return category;
  }
}

/** Rows checked between two turns of the event loop when a fetch is prepared on the engine's main thread. */
export const PREPARE_SLICE_ROWS = 5_000;

/**
 * Checks an account's fetch result and prepares its rows. Rows without a provider key get the derived key
 * of transaction-key.ts (ordinal among identical rows, in the order given).
 */
export function prepareFetch(
  account: ProviderAccount,
  result: unknown,
  categories: CategoryMemo,
  filing?: UserFiling,
): PreparedFetch {
  const steps = preparing(account, result, categories, filing);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same, letting the event loop turn every PREPARE_SLICE_ROWS rows: checking 100,000 rows takes about
 * 100 ms, which the engine's HTTP server would otherwise spend unable to answer anyone.
 */
export async function prepareFetchInSlices(
  account: ProviderAccount,
  result: unknown,
  categories: CategoryMemo,
  filing?: UserFiling,
): Promise<PreparedFetch> {
  const steps = preparing(account, result, categories, filing);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** prepareFetch as steps: yields after every PREPARE_SLICE_ROWS rows, returns the prepared fetch. */
function* preparing(
  account: ProviderAccount,
  result: unknown,
  categories: CategoryMemo,
  filing?: UserFiling,
): Generator<void, PreparedFetch> {
  if (!result || typeof result !== 'object')
    throw new MalformedProviderData(`account ${account.reference}: the fetch result is not an object`);
  const r = result as AccountFetchResult;
  if (!Array.isArray(r.transactions))
    throw new MalformedProviderData(`account ${account.reference}: transactions is not a list`);
  if (!isTime(r.balance_date)) throw new MalformedProviderData(`account ${account.reference}: bad balance_date`);
  const balanceMinor = minor(r.balance, account.currency, `account ${account.reference} balance`);
  const rows: PreparedTransaction[] = new Array(r.transactions.length);
  let ordinals: Map<string, number> | undefined;
  for (let i = 0; i < r.transactions.length; i++) {
    if (i > 0 && i % PREPARE_SLICE_ROWS === 0) yield;
    const tx = r.transactions[i];
    const where = `account ${account.reference} transaction ${i}`;
    if (!tx || typeof tx !== 'object') throw new MalformedProviderData(`${where} is not an object`);
    if (!isTime(tx.date)) throw new MalformedProviderData(`${where}: bad date`);
    if (!PROVIDER_TRANSACTION_STATUSES.includes(tx.status)) throw new MalformedProviderData(`${where}: bad status`);
    if (!isText(tx.raw) || !isText(tx.label)) throw new MalformedProviderData(`${where}: label and raw must be texts`);
    const currency = tx.currency ?? account.currency;
    if (!isText(currency) || !CURRENCY.test(currency)) throw new MalformedProviderData(`${where}: bad currency`);
    const amount = minor(tx.amount, currency, `${where} amount`);
    if (tx.booking_date !== undefined && !isTime(tx.booking_date))
      throw new MalformedProviderData(`${where}: bad booking_date`);
    if (tx.value_date !== undefined && !isTime(tx.value_date))
      throw new MalformedProviderData(`${where}: bad value_date`);
    let key = tx.key;
    if (key === undefined || key === '') {
      ordinals ??= new Map();
      const identity = transactionIdentity(account.reference, tx);
      const ordinal = ordinals.get(identity) ?? 0;
      ordinals.set(identity, ordinal + 1);
      key = deriveTransactionKey(account.reference, tx, ordinal);
    } else if (!isText(key) || key.length > 512) {
      throw new MalformedProviderData(`${where}: bad key`);
    }
    let remittance: string | null = null;
    if (tx.remittance_information !== undefined) {
      if (!Array.isArray(tx.remittance_information) || !tx.remittance_information.every(isText)) {
        throw new MalformedProviderData(`${where}: remittance_information must be a list of texts`);
      }
      remittance = JSON.stringify(tx.remittance_information);
    }
    const label = tx.label || tx.raw;
    const notes = tx.raw || null;
    const source = isText(tx.counterparty) && tx.counterparty !== '' ? tx.counterparty : null;
    // The person's rules and what was learnt from their corrections come before the automatic categorizer
    // (used only if the row is new: a stored row keeps its category).
    const filed = filing?.file(label, source, notes, { amount, currency, date: tx.date, reference: account.reference });
    const row: PreparedTransaction = {
      key,
      amount,
      currency,
      date: tx.date,
      booking_date: tx.booking_date ?? null,
      value_date: tx.value_date ?? null,
      label,
      notes,
      remittance,
      source,
      type: TRANSACTION_TYPE_SET.has(tx.type) ? tx.type : 'OTHER',
      category: filed ? filed.category : categories.of(tx, amount < 0),
      status: tx.status,
    };
    if (filed) {
      row.categorySource = filed.source;
      if (filed.ruleId !== undefined) row.ruleId = filed.ruleId;
    }
    rows[i] = row;
  }
  return {
    reference: account.reference,
    balanceMinor,
    balanceDate: r.balance_date,
    pendingComplete: r.pending_complete === true,
    transactions: rows,
    ...(isTime(r.pending_covered_from) ? { pendingCoveredFrom: r.pending_covered_from } : {}),
    ...(r.pending_settles_by_match === true ? { settlesByMatch: true } : {}),
  };
}
