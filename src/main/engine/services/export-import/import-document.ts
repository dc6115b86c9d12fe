/**
 * The import of an export document into a user who has no data yet. The document is checked whole first
 * (domain/export-check.ts), then written in ONE transaction: a failure leaves the user as they were. Records
 * get new ids; the links between them (an account's connection, a transaction's account and rule) follow
 * the new ids. Connections come without credentials: their channels start NEEDS_SECRET, so the person gives
 * their credentials again before the next synchronization.
 */
import { Conflict, InvalidInput } from '../../domain/errors';
import { connectionStatusFromChannels } from '../../domain/connection-status';
import { checkExportDocument, type ExportDocument, type KnownIds } from '../../domain/export-check';
import { EXPORT_LISTS, USER_FIELDS, importedChannelStatus, storedRow, type ExportList } from '../../domain/export-document';
import type { ChannelStatus } from '../../domain/values';
import type { Store } from '../../store';

export type ImportCounts = Record<ExportList, number>;

export const USER_HAS_DATA =
  'this profile already has data (connections, rules or learnt categories): an import only goes into an empty profile. ' +
  'Export this profile if it is to be kept, delete it, create a new one, then import the file there.';

function knownIds(store: Store): KnownIds {
  const providers = new Set(store.providers.all().map((p) => p.id));
  const definitions = new Set(store.providers.all().flatMap((p) => p.channel_definitions.map((d) => d.id)));
  const categories = new Map<unknown, boolean>();
  return {
    providers,
    channelDefinitions: definitions,
    categories: {
      has(id) {
        if (typeof id !== 'string') return false;
        let known = categories.get(id);
        if (known === undefined) categories.set(id, (known = store.categories.exists(id)));
        return known;
      },
    },
  };
}

/** The connection statuses the imported channels give (a connection without channels: NONE, manual). */
function connectionStatuses(doc: ExportDocument): Map<unknown, string> {
  const byConnection = new Map<unknown, ChannelStatus[]>();
  for (const c of doc.lists.channels) {
    const list = byConnection.get(c.connection_id) ?? [];
    list.push(importedChannelStatus(c.status as string) as ChannelStatus);
    byConnection.set(c.connection_id, list);
  }
  return new Map(doc.lists.connections.map((c) => [c.id, connectionStatusFromChannels(byConnection.get(c.id) ?? [])]));
}

function write(store: Store, userId: number, doc: ExportDocument, now: number): void {
  const data = store.userData;
  const base = { user_id: userId, now };
  const row = (list: ExportList, r: Record<string, unknown>) => storedRow(r, EXPORT_LISTS[list]);
  const statuses = connectionStatuses(doc);
  const connections = new Map<unknown, number>();
  const accounts = new Map<unknown, number>();
  const rules = new Map<unknown, number>();
  data.setProfile(userId, storedRow(doc.user, USER_FIELDS), doc.user.properties ?? {});
  for (const c of doc.lists.connections) {
    connections.set(c.id, data.insertConnection({ ...row('connections', c), ...base, status: statuses.get(c.id)! }));
  }
  for (const c of doc.lists.channels) {
    const status = importedChannelStatus(c.status as string);
    data.insertChannel({ ...row('channels', c), connection_id: connections.get(c.connection_id)!, status });
  }
  for (const d of doc.lists.deleted_accounts) data.insertDeletedAccount({ ...row('deleted_accounts', d), connection_id: connections.get(d.connection_id)! });
  for (const a of doc.lists.accounts) {
    accounts.set(a.id, data.insertAccount({ ...row('accounts', a), ...base, connection_id: connections.get(a.connection_id)! }));
  }
  for (const b of doc.lists.balance_history) data.insertBalance({ ...row('balance_history', b), account_id: accounts.get(b.account_id)! });
  for (const r of doc.lists.rules) rules.set(r.id, data.insertRule({ ...row('rules', r), ...base }));
  for (const c of doc.lists.category_corrections) data.insertCorrection({ ...row('category_corrections', c), ...base });
  for (const t of doc.lists.transactions) {
    const ruleId = t.category_rule_id === null || t.category_rule_id === undefined ? null : rules.get(t.category_rule_id)!;
    data.insertTransaction({ ...row('transactions', t), ...base, account_id: accounts.get(t.account_id)!, category_rule_id: ruleId });
  }
}

/**
 * Imports a parsed document for the user: 409 (Conflict) when the user has data, 400 (InvalidInput) naming
 * the first bad place; nothing is written in either case.
 */
export function importDocument(store: Store, userId: number, document: unknown, now: number): ImportCounts {
  const checked = checkExportDocument(document, knownIds(store));
  if (typeof checked === 'string') throw new InvalidInput(checked);
  store.transaction(() => {
    if (store.userData.hasData(userId)) throw new Conflict(USER_HAS_DATA);
    write(store, userId, checked, now);
  });
  return Object.fromEntries(Object.entries(checked.lists).map(([k, v]) => [k, v.length])) as ImportCounts;
}
