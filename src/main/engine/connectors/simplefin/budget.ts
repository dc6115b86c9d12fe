/**
 * The daily request budget of one access URL (see docs/api/simplefin.md#budget): the Bridge expects at most 24 GET
 * /accounts a day and blocks clients that exceed it, so Coffer itself makes at most 24 in any 24 hours, automatic
 * synchronizations included, and none at all after a 429 until the next day (00:00 UTC).
 *
 * The ledger lives in the provider's bank state (ConnectorContext.bankState), which the engine saves after
 * EVERY run whatever its outcome — a failed request still counts. Entries are keyed by a hash of the access
 * URL, never the URL.
 */
export const DAILY_BUDGET = 24;
const DAY = 86_400;

interface LedgerEntry {
  /** Times (UTC seconds) of the GET /accounts made in the last 24 hours. */
  calls: number[];
  /** After a 429: no request before this time. */
  blockedUntil?: number;
}

function ledgerOf(bankState: Record<string, unknown>, name: string, now: number): LedgerEntry {
  const all = (bankState.budget ??= {}) as Record<string, LedgerEntry>;
  const entry = (all[name] ??= { calls: [] });
  if (!Array.isArray(entry.calls)) entry.calls = [];
  entry.calls = entry.calls.filter((t) => typeof t === 'number' && t > now - DAY);
  if (entry.blockedUntil !== undefined && entry.blockedUntil <= now) delete entry.blockedUntil;
  return entry;
}

export type BudgetVerdict = { ok: true } | { ok: false; reason: string; nextTry: number };

/** Whether `requests` more requests fit in the budget now. */
export function checkBudget(bankState: Record<string, unknown>, name: string, now: number, requests: number): BudgetVerdict {
  const entry = ledgerOf(bankState, name, now);
  if (entry.blockedUntil !== undefined) {
    return { ok: false, reason: 'the SimpleFIN Bridge refused more requests today (HTTP 429)', nextTry: entry.blockedUntil };
  }
  if (entry.calls.length + requests > DAILY_BUDGET) {
    const sorted = [...entry.calls].sort((a, b) => a - b);
    const freeAfter = sorted[Math.max(0, entry.calls.length + requests - DAILY_BUDGET - 1)] ?? now;
    return { ok: false, reason: `the daily budget of ${DAILY_BUDGET} requests to the SimpleFIN Bridge is spent`, nextTry: freeAfter + DAY };
  }
  return { ok: true };
}

export function recordRequest(bankState: Record<string, unknown>, name: string, now: number): void {
  ledgerOf(bankState, name, now).calls.push(now);
}

/** A 429: nothing more until the next day (00:00 UTC). */
export function recordRateLimited(bankState: Record<string, unknown>, name: string, now: number): void {
  ledgerOf(bankState, name, now).blockedUntil = (Math.floor(now / DAY) + 1) * DAY;
}
