/**
 * What a synchronization's results change in the person's own ledger, written in the same transaction as
 * the results (sync/channel-results.ts), so no reader ever sees the new rows without their links:
 *  - a split whose transaction the bank changed (a pending payment booked for another amount) is refitted:
 *    the last part takes the difference, or the split goes when it cannot (domain/splits.ts);
 *  - the transfers among the rows this write imported, and the rows up to 5 days before the earliest of
 *    them, are linked (domain/transfer-detection.ts); pairs the person unlinked stay unlinked.
 */
import { dayOf, findRate } from '../domain/fx-rates';
import { currencyExponent } from '../domain/money';
import { refitSplits } from '../domain/splits';
import { TRANSFER_DAYS, detectTransfers, type RateLookup } from '../domain/transfer-detection';
import type { Store } from '../store';
import { rateLookups } from '../store/fx-rate-lookups';

export interface LedgerDeps {
  store: Pick<Store, 'transferLinks' | 'transactionSplits' | 'transaction' | 'fxRates'>;
  /** Exchange rates; by default the rates held (the person's own, else the ECB's): transfers across currencies are found too. */
  rate?: RateLookup;
}

/** Refits and links for the user after rows were imported at `importDate`; what it did. */
export function ledgerAfterResults(deps: LedgerDeps, userId: number, importDate: number, now: number): { refitted: number; linked: number } {
  const refitted = refitChangedSplits(deps, userId);
  const from = deps.store.transferLinks.earliestImported(userId, importDate);
  const linked = from === null ? 0 : linkDetectedTransfers(deps, userId, from, now);
  return { refitted, linked };
}

/** Refits the user's splits whose transaction's amount changed; returns how many were refitted or dropped. */
export function refitChangedSplits(deps: LedgerDeps, userId: number): number {
  const splits = deps.store.transactionSplits;
  return deps.store.transaction(() => {
    const changed = splits.offTotal(userId);
    for (const { id, amount } of changed) splits.replace(id, refitSplits(splits.parts(id), amount) ?? []);
    return changed.length;
  });
}

/** Links the transfers among the user's rows dated from 5 days before `fromDate` on; returns how many. */
export function linkDetectedTransfers(deps: LedgerDeps, userId: number, fromDate: number, now: number): number {
  const links = deps.store.transferLinks;
  return deps.store.transaction(() => {
    const rows = links.unlinkedSince(userId, fromDate - TRANSFER_DAYS * 86_400);
    const refused = links.refusedPairs(userId);
    const pairs = detectTransfers(rows, {
      refused: refused.size ? (d, c) => refused.has(`${d}:${c}`) : undefined,
      rate: deps.rate ?? heldRates(deps.store, userId),
      exponent: currencyExponent,
    });
    for (const p of pairs) links.insert(userId, p.debitId, p.creditId, false, now);
    return pairs.length;
  });
}

/** The rates the engine holds for this person (the person's own first), as the detection asks for them. */
function heldRates(store: Pick<Store, 'fxRates'>, userId: number): RateLookup {
  const lookups = rateLookups(store, userId);
  return (from, to, day) => findRate(lookups, from, to, dayOf(day))?.rate;
}
