/**
 * PSD2 lets a third party read an account about 4 times a day per endpoint while the person is absent
 * (automatic synchronizations); banks answer more with 429 ASPSP_RATE_LIMIT_EXCEEDED. Coffer counts its
 * unattended reads per account (identification_hash) and endpoint over a rolling 24 hours and stops before
 * the bank would refuse. Reads the person starts are not counted (see docs/api/enablebanking.md#budget). The ledger
 * lives in the provider's bank state (saved after every run, whatever its outcome, so a failed read still counts).
 */
export const UNATTENDED_READS_PER_DAY = 4;
const WINDOW = 86_400;

export type Endpoint = 'balances' | 'transactions';
type Ledger = Record<string, number[]>;

function ledgerOf(bankState: Record<string, unknown>): Ledger {
  const current = bankState.psd2_reads;
  if (current && typeof current === 'object' && !Array.isArray(current)) return current as Ledger;
  const fresh: Ledger = {};
  bankState.psd2_reads = fresh;
  return fresh;
}

const slot = (account: string, endpoint: Endpoint) => `${account}|${endpoint}`;

function recent(ledger: Ledger, key: string, now: number): number[] {
  const kept = (ledger[key] ?? []).filter((t) => typeof t === 'number' && t > now - WINDOW && t <= now);
  if (kept.length) ledger[key] = kept;
  else delete ledger[key];
  return kept;
}

/** Unattended reads left for this account and endpoint now. */
export function readsLeft(bankState: Record<string, unknown>, account: string, endpoint: Endpoint, now: number): number {
  return Math.max(0, UNATTENDED_READS_PER_DAY - recent(ledgerOf(bankState), slot(account, endpoint), now).length);
}

export function recordRead(bankState: Record<string, unknown>, account: string, endpoint: Endpoint, now: number): void {
  const ledger = ledgerOf(bankState);
  ledger[slot(account, endpoint)] = [...recent(ledger, slot(account, endpoint), now), now];
}

/** The bank said the budget is spent (429): no more unattended read of this endpoint until the window passes. */
export function exhaust(bankState: Record<string, unknown>, account: string, endpoint: Endpoint, now: number): void {
  const ledger = ledgerOf(bankState);
  const kept = recent(ledger, slot(account, endpoint), now);
  while (kept.length < UNATTENDED_READS_PER_DAY) kept.push(now);
  ledger[slot(account, endpoint)] = kept;
}

/** When the next unattended read of this endpoint is possible (UTC seconds). */
export function nextReadAt(bankState: Record<string, unknown>, account: string, endpoint: Endpoint, now: number): number {
  const kept = recent(ledgerOf(bankState), slot(account, endpoint), now);
  if (kept.length < UNATTENDED_READS_PER_DAY) return now;
  return Math.min(...kept) + WINDOW;
}
