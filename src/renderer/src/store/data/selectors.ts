import type { AppStore } from '..';
import { accountLabels } from '../../features/common/account-label';
import type { Account, Category, Connection } from '../../lib/api';

/** Memoized by input identity: components get the same Map while the list does not change. */
function memo<I, O>(fn: (input: I) => O): (input: I) => O {
  let lastIn: I | undefined;
  let lastOut: O;
  return (input) => {
    if (input !== lastIn) {
      lastIn = input;
      lastOut = fn(input);
    }
    return lastOut;
  };
}

/** The account display names (features/common/account-label), recomputed when accounts or connections change. */
let labelsIn: [Account[], Connection[]] | undefined;
let labelsOut = new Map<string, string>();
function labelsOf(accounts: Account[], connections: Connection[]): Map<string, string> {
  if (!labelsIn || labelsIn[0] !== accounts || labelsIn[1] !== connections) {
    labelsIn = [accounts, connections];
    labelsOut = accountLabels(accounts, connections);
  }
  return labelsOut;
}

const accountMap = memo((accounts: Account[]) => new Map(accounts.map((a) => [a.id, a])));
const connectionMap = memo((connections: Connection[]) => new Map(connections.map((c) => [c.id, c])));
const categoryMap = memo((categories: Category[]) => new Map(categories.map((c) => [c.id, c])));
const accountTypeMap = memo((accounts: Account[]) => new Map(accounts.map((a) => [a.id, a.type])));

export const dataSelectors = {
  accountsById: (s: AppStore) => accountMap(s.accounts),
  /** Account id → display name, telling apart accounts that share a name (bank and masked number). */
  accountLabels: (s: AppStore) => labelsOf(s.accounts, s.connections),
  connectionsById: (s: AppStore) => connectionMap(s.connections),
  categoriesById: (s: AppStore) => categoryMap(s.categories),
  accountTypes: (s: AppStore) => accountTypeMap(s.accounts),
  providerName: (s: AppStore, id: string) => s.providers.find((p) => p.id === id)?.name,
  accountsOf: (s: AppStore, connectionId: string) => s.accounts.filter((a) => a.connection_id === connectionId),
  pendingConsent: (s: AppStore, connectionId: string) =>
    s.accounts.filter((a) => a.connection_id === connectionId && a.status === 'PENDING_CONSENT'),
  hasData: (s: AppStore) => s.accounts.length > 0 || s.connections.length > 0,
};
