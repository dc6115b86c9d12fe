import type { AppStore } from '..';
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

const accountMap = memo((accounts: Account[]) => new Map(accounts.map((a) => [a.id, a])));
const connectionMap = memo((connections: Connection[]) => new Map(connections.map((c) => [c.id, c])));
const categoryMap = memo((categories: Category[]) => new Map(categories.map((c) => [c.id, c])));
const accountTypeMap = memo((accounts: Account[]) => new Map(accounts.map((a) => [a.id, a.type])));

export const dataSelectors = {
  accountsById: (s: AppStore) => accountMap(s.accounts),
  connectionsById: (s: AppStore) => connectionMap(s.connections),
  categoriesById: (s: AppStore) => categoryMap(s.categories),
  accountTypes: (s: AppStore) => accountTypeMap(s.accounts),
  providerName: (s: AppStore, id: string) => s.providers.find((p) => p.id === id)?.name,
  accountsOf: (s: AppStore, connectionId: string) => s.accounts.filter((a) => a.connection_id === connectionId),
  pendingConsent: (s: AppStore, connectionId: string) =>
    s.accounts.filter((a) => a.connection_id === connectionId && a.status === 'PENDING_CONSENT'),
  hasData: (s: AppStore) => s.accounts.length > 0 || s.connections.length > 0,
};
