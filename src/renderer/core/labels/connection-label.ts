import { foldText } from '../../../shared/text-fold';
import type { Connection } from '../api/records';
import { groupBy, labelText, numberLookAlikes, type LabelPart, type LabelParts } from './label-parts';

/**
 * How a connection is named on every screen: by its name (the bank's, until the person renames it). Several
 * connections to one bank share that name, so a name that is not unique among the person's connections is
 * followed by the connection's login, masked as the engine masks it ("Coffer Test Bank · al****in": the
 * engine never gives a login back); connections still alike (the same login twice, or a bank signed in on its
 * own site, with no login kept) are numbered in the order they were added ("#1", "#2"). Renaming one
 * (PUT /connections/{id}) is how the person gives it a name of their own, which then stands alone.
 */

/** What the label needs of a channel (the API's channel record: its credentials, masked). */
interface LabelledChannel {
  status: string;
  credentials?: ReadonlyArray<{ masked_value: string }>;
}

/** What the label needs of a connection. */
export interface LabelledConnection {
  id: string;
  name: string;
  creation_date?: number;
  channels?: readonly LabelledChannel[];
}

/** Names compared without case, accents or extra spaces. */
const nameKey = (name: string): string => foldText(name);

/**
 * The login of a connection as the engine shows it (`al****in`): the first credential of a channel in use
 * whose mask shows something. Passwords, tokens and short values are fully hidden and say nothing.
 */
export function maskedLogin(connection: Pick<LabelledConnection, 'channels'>): string | undefined {
  for (const channel of connection.channels ?? []) {
    if (channel.status === 'EMPTY') continue;
    const shown = (channel.credentials ?? []).find((c) => /[^*]/.test(c.masked_value));
    if (shown) return shown.masked_value;
  }
  return undefined;
}

/** The label of each connection (by id), in parts: the login and the number are what a narrow place keeps. */
export function connectionLabelParts(connections: readonly LabelledConnection[]): Map<string, LabelPart[]> {
  const ordered = [...connections].sort(
    (a, b) => (a.creation_date ?? 0) - (b.creation_date ?? 0) || a.id.localeCompare(b.id),
  );
  const labels = new Map<string, LabelPart[]>();
  for (const group of groupBy(ordered, (c) => nameKey(c.name)).values()) {
    for (const c of group) {
      const login = group.length > 1 ? maskedLogin(c) : undefined;
      labels.set(c.id, login ? [{ text: c.name }, { text: ` · ${login}`, keep: true }] : [{ text: c.name }]);
    }
  }
  numberLookAlikes(ordered, labels, nameKey);
  return labels;
}

/** The label of each connection (by id) as one line of text. */
export function connectionLabels(connections: readonly LabelledConnection[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const [id, parts] of connectionLabelParts(connections)) out.set(id, labelText(parts));
  return out;
}

/** One connection's label, its own name when it is not among the labelled ones. */
export const labelOf = (labels: ReadonlyMap<string, LabelParts>, connection: Pick<Connection, 'id' | 'name'>) =>
  labels.get(connection.id) ?? [{ text: connection.name }];
