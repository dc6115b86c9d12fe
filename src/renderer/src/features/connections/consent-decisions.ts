import { useEffect, useMemo } from 'react';
import { create } from 'zustand';
import { kv } from '../../lib/db';
import { sessionSelectors, useStore } from '../../store';
import { awaitingDecision } from './account-consent';

/**
 * Why "N accounts wait for your consent" never went away (issue 15): the engine keeps every account that is
 * not shared in PENDING_CONSENT (interface.md: waiting for consent, and where a withdrawn consent goes back
 * to), so an account the person chose not to share looked the same as one never asked about, and the banner
 * counted both for ever. The app now remembers the choice made on the consent screen: the accounts left
 * unticked are "not shared" by decision and no longer counted as waiting; an account the bank adds later is
 * new and is asked about. The choice is UI-local (IndexedDB), per installation, user and connection.
 */

interface Decisions {
  /** Connection id → account ids left unticked at the last save of the consent screen. */
  declined: Record<string, string[]>;
  /** The scope (installation and user) the decisions were read for. */
  scope: string | null;
}

export const useConsentDecisions = create<Decisions>(() => ({ declined: {}, scope: null }));

const keyOf = (scope: string) => `consentDeclined:${scope}`;

/** Reads the decisions of the signed-in user once (again when the user changes). */
export async function loadConsentDecisions(): Promise<void> {
  const scope = sessionSelectors.scope(useStore.getState());
  if (!scope || useConsentDecisions.getState().scope === scope) return;
  const saved = await kv.get<Record<string, string[]>>(keyOf(scope));
  useConsentDecisions.setState({ scope, declined: saved && typeof saved === 'object' ? saved : {} });
}

/** The consent screen was saved: the accounts left unticked are not shared by choice. */
export async function recordConsentDecision(connectionId: string, declined: string[]): Promise<void> {
  const scope = sessionSelectors.scope(useStore.getState());
  const next = { ...useConsentDecisions.getState().declined, [connectionId]: declined };
  useConsentDecisions.setState({ declined: next, scope: scope || null });
  if (scope) await kv.set(keyOf(scope), next);
}

/** How many accounts of a connection still wait for the person's decision (the banner's count). */
export function useAwaitingConsent(connectionId: string): number {
  const declined = useConsentDecisions((s) => s.declined[connectionId]);
  const accounts = useStore((s) => s.accounts);
  useEffect(() => {
    void loadConsentDecisions();
  }, []);
  return awaitingDecision(
    accounts.filter((a) => a.connection_id === connectionId),
    declined,
  ).length;
}

/** Whether an account was left unticked on purpose (shown "Not shared" rather than "Waiting for your consent"). */
export function useDeclined(connectionId: string): ReadonlySet<string> {
  const declined = useConsentDecisions((s) => s.declined[connectionId]);
  useEffect(() => {
    void loadConsentDecisions();
  }, []);
  return useMemo(() => new Set(declined ?? []), [declined]);
}
