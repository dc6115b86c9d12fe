import type { AppStore } from '..';
import { accountLabelParts } from '../../features/common/account-label';
import { connectionLabelParts, labelOf } from '../../../core/labels/connection-label';
import { labelText, type LabelPart } from '../../../core/labels/label-parts';
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
function accountLabels(accounts: Account[], connections: Connection[]) {
  const parts: Map<string, LabelPart[]> = accountLabelParts(accounts, connections);
  return { parts, text: new Map([...parts].map(([id, p]) => [id, labelText(p)])) };
}
const labelsByAccounts = memo((accounts: Account[]) => memo((connections: Connection[]) => accountLabels(accounts, connections)));
const labelsOf = (accounts: Account[], connections: Connection[]) => labelsByAccounts(accounts)(connections);

const accountMap = memo((accounts: Account[]) => new Map(accounts.map((a) => [a.id, a])));
const connectionLabelMap = memo((connections: Connection[]) => connectionLabelParts(connections));
const connectionMap = memo((connections: Connection[]) => new Map(connections.map((c) => [c.id, c])));
const categoryMap = memo((categories: Category[]) => new Map(categories.map((c) => [c.id, c])));
const accountTypeMap = memo((accounts: Account[]) => new Map(accounts.map((a) => [a.id, a.type])));

export const dataSelectors = {
  accountsById: (s: AppStore) => accountMap(s.accounts),
  /** Account id → display name, telling apart accounts that share a name (bank and masked number). */
  accountLabels: (s: AppStore) => labelsOf(s.accounts, s.connections).text,
  /** The same in parts: what tells look-alikes apart is kept by a narrow place (features/common/label-parts). */
  accountLabelParts: (s: AppStore) => labelsOf(s.accounts, s.connections).parts,
  /** Connection id → its label in parts: its name, with the masked login when several share that name. */
  connectionLabels: (s: AppStore) => connectionLabelMap(s.connections),
  /** One connection's label as text (its own name when the store does not list it). */
  connectionLabelText: (s: AppStore, connection: Pick<Connection, 'id' | 'name'>) =>
    labelText(labelOf(connectionLabelMap(s.connections), connection)),
  connectionsById: (s: AppStore) => connectionMap(s.connections),
  categoriesById: (s: AppStore) => categoryMap(s.categories),
  accountTypes: (s: AppStore) => accountTypeMap(s.accounts),
  providerName: (s: AppStore, id: string) => s.providers.find((p) => p.id === id)?.name,
  accountsOf: (s: AppStore, connectionId: string) => s.accounts.filter((a) => a.connection_id === connectionId),
  pendingConsent: (s: AppStore, connectionId: string) =>
    s.accounts.filter((a) => a.connection_id === connectionId && a.status === 'PENDING_CONSENT'),
  hasData: (s: AppStore) => s.accounts.length > 0 || s.connections.length > 0,
};
