/**
 * The check of an export document before an import writes anything: the first place that is wrong is named
 * as a JSON path (`transactions[41].amount`), so the person or their script can find it in the file.
 * Records name earlier ones by their exported id (an account its connection, a transaction its account and
 * the rule that filed it); a link to nothing is refused like a wrong value.
 */
import {
  EXPORT_FORMAT,
  EXPORT_LIST_NAMES,
  EXPORT_LISTS,
  EXPORT_VERSION,
  USER_FIELDS,
  recordProblem,
  type ExportList,
  type ExportedRecord,
} from './export-document';

/** What the engine knows that records refer to: providers, channel definitions, categories. */
export interface KnownIds {
  providers: { has(id: unknown): boolean };
  channelDefinitions: { has(id: unknown): boolean };
  categories: { has(id: unknown): boolean };
}

export interface ExportDocument {
  user: ExportedRecord & { properties?: Record<string, string> };
  lists: Record<ExportList, ExportedRecord[]>;
}

/** Which field of a list names which earlier list's `id`, or a set the engine knows. */
const LINKS: Partial<Record<ExportList, readonly (readonly [field: string, target: ExportList | keyof KnownIds])[]>> = {
  connections: [['provider_id', 'providers']],
  channels: [['connection_id', 'connections'], ['channel_definition_id', 'channelDefinitions']],
  deleted_accounts: [['connection_id', 'connections']],
  accounts: [['connection_id', 'connections']],
  balance_history: [['account_id', 'accounts']],
  rules: [['category_id', 'categories']],
  category_corrections: [['category_id', 'categories']],
  transactions: [['account_id', 'accounts'], ['category_rule_id', 'rules'], ['category_id', 'categories']],
};

/** The header: a Coffer export of a version this engine reads. */
export function headerProblem(doc: unknown): string | undefined {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    return 'this file is not a Coffer export: it is not a JSON object. Choose a file made by "Export my data".';
  }
  const d = doc as Record<string, unknown>;
  if (d.format !== EXPORT_FORMAT) {
    return `this file is not a Coffer export (its "format" is not "${EXPORT_FORMAT}"). Choose a file made by "Export my data".`;
  }
  if (!Number.isSafeInteger(d.version) || (d.version as number) < 1) return 'version must be a whole number from 1';
  if ((d.version as number) > EXPORT_VERSION) {
    return `this export was made by a newer version of Coffer (format version ${String(d.version)}; this one reads up to ${EXPORT_VERSION}). Update Coffer, then import the file again.`;
  }
  return undefined;
}

function userProblem(user: unknown): string | undefined {
  const problem = recordProblem(user, USER_FIELDS, 'user');
  if (problem) return problem;
  const props = (user as Record<string, unknown>).properties;
  if (props === undefined || props === null) return undefined;
  if (typeof props !== 'object' || Array.isArray(props)) return 'user.properties must be an object';
  for (const [k, v] of Object.entries(props)) {
    if (typeof v !== 'string') return `user.properties.${k} must be a text`;
  }
  return undefined;
}

function listProblem(name: ExportList, rows: unknown, ids: Map<ExportList, Set<number>>, known: KnownIds): string | undefined {
  if (!Array.isArray(rows)) return `${name} must be a list`;
  const seen = new Set<number>();
  const links = LINKS[name] ?? [];
  for (let i = 0; i < rows.length; i++) {
    const path = `${name}[${i}]`;
    const problem = recordProblem(rows[i], EXPORT_LISTS[name], path);
    if (problem) return problem;
    const row = rows[i] as ExportedRecord;
    for (const [field, target] of links) {
      const v = row[field];
      if (v === null || v === undefined) continue;
      const set: { has(id: unknown): boolean } = ids.get(target as ExportList) ?? known[target as keyof KnownIds];
      if (!set.has(v)) return `${path}.${field} names ${JSON.stringify(v)}, which is not in ${target === 'channelDefinitions' ? 'the bank\'s channels' : target}`;
    }
    if ('id' in row) {
      if (seen.has(row.id as number)) return `${path}.id ${String(row.id)} appears twice`;
      seen.add(row.id as number);
    }
  }
  ids.set(name, seen);
  return undefined;
}

/** The document, checked whole; or the first problem, in words, with its JSON path. */
export function checkExportDocument(doc: unknown, known: KnownIds): ExportDocument | string {
  const header = headerProblem(doc);
  if (header) return header;
  const d = doc as Record<string, unknown>;
  const user = userProblem(d.user);
  if (user) return user;
  const ids = new Map<ExportList, Set<number>>();
  for (const name of EXPORT_LIST_NAMES) {
    const problem = listProblem(name, d[name] ?? [], ids, known);
    if (problem) return problem;
  }
  const lists = Object.fromEntries(EXPORT_LIST_NAMES.map((n) => [n, (d[n] ?? []) as ExportedRecord[]])) as ExportDocument['lists'];
  return { user: d.user as ExportDocument['user'], lists };
}
