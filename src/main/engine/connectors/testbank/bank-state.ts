/**
 * The test bank's server side, kept in `ctx.bankState` (provider-wide, persisted by the engine after every
 * run whatever its outcome) so that it survives restarts; in process memory when the engine gives none.
 *
 * Layout (JSON): { "v": 1, "logins": { "<login>": { "failures"?: n, "clocks"?: [t0, t1, …] } } }
 * - failures: wrong passwords in a row for that login (a success removes it);
 * - clocks: the bank clock at each synchronization that fetched data, ascending; clocks[0] anchors the
 *   customer's two-year history. Shared by every connection and channel using that login, like a real
 *   bank's data.
 */
import type { ConnectorContext } from '../types';

export interface LoginRecord {
  failures?: number;
  clocks?: number[];
}

interface TestBankState {
  v: 1;
  logins: Record<string, LoginRecord>;
}

// eslint-disable-next-line coffer/no-module-state -- the simulated bank's server memory when the engine keeps none for it: one test bank per process, as one real bank serves every engine
const processMemory: Record<string, unknown> = {};

function bankOf(ctx: Pick<ConnectorContext, 'bankState'>): TestBankState {
  const store = (ctx.bankState ?? processMemory) as Partial<TestBankState> & Record<string, unknown>;
  if (typeof store.logins !== 'object' || store.logins === null || Array.isArray(store.logins)) {
    store.v = 1;
    store.logins = {};
  }
  return store as TestBankState;
}

/** The mutable record of one login (created when missing). */
export function loginRecord(ctx: Pick<ConnectorContext, 'bankState'>, login: string): LoginRecord {
  const bank = bankOf(ctx);
  // Own-property lookup only: a login such as "__proto__" or "constructor" must not reach Object.prototype.
  if (!Object.prototype.hasOwnProperty.call(bank.logins, login)) {
    Object.defineProperty(bank.logins, login, { value: {}, enumerable: true, writable: true, configurable: true });
  }
  return bank.logins[login];
}

/** Counts one more wrong password in a row and returns the count. */
export function countFailure(record: LoginRecord): number {
  record.failures = (record.failures ?? 0) + 1;
  return record.failures;
}

export function resetFailures(record: LoginRecord): void {
  delete record.failures;
}

export function committedClocks(record: LoginRecord): number[] {
  return Array.isArray(record.clocks) ? record.clocks.filter((t) => Number.isInteger(t)) : [];
}

/** Appends `clock` unless the history already reaches it (clocks only move forward). */
export function commitClock(record: LoginRecord, clock: number): void {
  const clocks = committedClocks(record);
  if (clocks.length === 0 || clocks[clocks.length - 1] < clock) record.clocks = [...clocks, clock];
}
