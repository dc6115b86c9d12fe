/**
 * Professional accounts: a synchronization that finds an account of PROFESSIONAL usage suspends it
 * (SUSPENDED, not synchronized). Validating it — the professional-account widget, or the API extension —
 * makes it ACTIVE and synchronizes it at once.
 */
import { InvalidInput } from '../domain/errors';
import type { Store } from '../store';
import type { SyncPort } from '../sync/sync-port';

export interface ProfessionalDeps {
  store: Pick<Store, 'syncRuns' | 'accountSync'>;
  services: { sync: SyncPort };
}

/** Throws InvalidInput when the account is not waiting for validation or its connection is closed. */
export function validateProfessionalAccount(
  deps: ProfessionalDeps,
  account: { id: number; connection_id: number; status: string; usage: string },
): void {
  if (account.usage !== 'PROFESSIONAL' || account.status !== 'SUSPENDED') {
    throw new InvalidInput(
      `account ${account.id} is not a professional account waiting for validation (status ${account.status}, usage ${account.usage})`,
      String(account.id),
    );
  }
  if (deps.store.syncRuns.connection(account.connection_id)?.status === 'CLOSED')
    throw new InvalidInput(`the connection of account ${account.id} is closed; reopen it first`);
  deps.store.accountSync.validateProfessional(account.id);
  deps.services.sync.start(account.connection_id, { type: 'ALL', accountIds: [account.id] });
}
