import { useMemo } from 'react';
import { useStore } from '../../store';
import { awaitingDecision, isDeclined } from './account-consent';

/**
 * Why "N accounts wait for your consent" never went away (issue 15): the engine keeps every account that is
 * not shared in PENDING_CONSENT (docs/api/records.md#account-status: waiting for consent, and where a withdrawn consent
 * goes back to), so an account the person chose not to share looked the same as one never asked about. Saving the
 * consent screen now tells the engine which accounts were left unticked (`decline`); it marks them `consent_declined`
 * until consent is granted, so every window and browser of the person sees the same decision. An account the bank adds
 * later is unmarked, so it is asked about.
 */

/** How many accounts of a connection still wait for the person's decision (the banner's count). */
export function useAwaitingConsent(connectionId: string): number {
  const accounts = useStore((s) => s.accounts);
  return useMemo(
    () => awaitingDecision(accounts.filter((a) => a.connection_id === connectionId)).length,
    [accounts, connectionId],
  );
}

/** The accounts of a connection left unticked on purpose (shown "Not shared" rather than "Waiting for your consent"). */
export function useDeclined(connectionId: string): ReadonlySet<string> {
  const accounts = useStore((s) => s.accounts);
  return useMemo(
    () => new Set(accounts.filter((a) => a.connection_id === connectionId && isDeclined(a)).map((a) => a.id)),
    [accounts, connectionId],
  );
}
