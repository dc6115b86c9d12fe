/**
 * What follows a synchronization in the person's own ledger: splits whose transaction the bank changed are
 * refitted (services/transactions/splits.ts), then the transfers among the rows it brought (and the rows
 * up to 5 days before them) are linked (services/transfers.ts).
 */
import type { RateLookup } from '../domain/transfer-detection';
import type { Store } from '../store';
import { refitChangedSplits } from './transactions/splits';
import { linkDetectedTransfers } from './transfers';

export interface LedgerAfterSyncDeps {
  store: Pick<Store, 'transferLinks' | 'transactionSplits' | 'categories' | 'transaction'>;
  now(): number;
  /** Exchange rates, when the engine has a source of them: transfers across currencies are then found too. */
  rate?: RateLookup;
}

export function ledgerAfterSync(deps: LedgerAfterSyncDeps, userId: number, startedAt: number): { refitted: number; linked: number } {
  const refitted = refitChangedSplits(deps, userId);
  const from = deps.store.transferLinks.earliestImported(userId, startedAt);
  const linked = from === null ? 0 : linkDetectedTransfers(deps, userId, from);
  return { refitted, linked };
}
