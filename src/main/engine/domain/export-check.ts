/**
 * The check of an export document before an import writes anything: the first place that is wrong is named
 * as a JSON path (`transactions[41].amount`), so the person or their script can find it in the file.
 * Records name earlier ones by their exported id (an account its connection, a transaction its account and
 * the rule that filed it); a link to nothing is refused like a wrong value.
 */
import { customCategoryRowId } from './own-categories';
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
  transactions: [['account_id', 'accounts'], ['category_rule_id', 'rules'], ['category_id', 'categories'], ['payee_id', 'payees']],
  transaction_splits: [['account_id', 'accounts'], ['category_id', 'categories']],
  transfer_links: [['debit_account_id', 'accounts'], ['credit_account_id', 'accounts']],
  transfer_refusals: [['debit_account_id', 'accounts'], ['credit_account_id', 'accounts']],
};

const NOTHING: ReadonlySet<unknown> = new Set();

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

export function userProblem(user: unknown): string | undefined {
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

/**
 * The check of a document read piece by piece: records come list after list in the documented order (a
 * record names only records of earlier lists), so each is checked when it arrives, against the ids seen.
 */
export class ExportChecker {
  private readonly ids = new Map<ExportList, Set<number>>();

  constructor(private readonly known: KnownIds) {}

  /** The first problem of the `index`-th record of `list`, or undefined (its id is then remembered). */
  record(list: ExportList, index: number, record: unknown): string | undefined {
    const path = `${list}[${index}]`;
    const problem = recordProblem(record, EXPORT_LISTS[list], path);
    if (problem) return problem;
    const row = record as ExportedRecord;
    for (const [field, target] of LINKS[list] ?? []) {
      const v = row[field];
      if (v === null || v === undefined) continue;
      const set: { has(id: unknown): boolean } =
        target in EXPORT_LISTS ? (this.ids.get(target as ExportList) ?? NOTHING) : this.known[target as keyof KnownIds];
      // A person's own category ("custom_<id>") is one of the document's own_categories, not a shipped one.
      const own = target === 'categories' && typeof v === 'string' ? customCategoryRowId(v) : null;
      if (own !== null ? !(this.ids.get('own_categories') ?? NOTHING).has(own) : !set.has(v)) {
        const where = target === 'channelDefinitions' ? "the bank's channels" : target;
        return `${path}.${field} names ${JSON.stringify(v)}, which is not in ${where}`;
      }
    }
    if (!('id' in row)) return undefined;
    let seen = this.ids.get(list);
    if (!seen) this.ids.set(list, (seen = new Set()));
    if (seen.has(row.id as number)) return `${path}.id ${String(row.id)} appears twice`;
    seen.add(row.id as number);
    return undefined;
  }

  /** A list's ids are known (even an empty or missing list names nothing, so links to it fail). */
  listDone(list: ExportList): void {
    if (!this.ids.has(list)) this.ids.set(list, new Set());
  }
}

/** The document, checked whole; or the first problem, in words, with its JSON path. */
export function checkExportDocument(doc: unknown, known: KnownIds): ExportDocument | string {
  const header = headerProblem(doc);
  if (header) return header;
  const d = doc as Record<string, unknown>;
  const user = userProblem(d.user);
  if (user) return user;
  const checker = new ExportChecker(known);
  for (const name of EXPORT_LIST_NAMES) {
    const rows = d[name] ?? [];
    if (!Array.isArray(rows)) return `${name} must be a list`;
    for (let i = 0; i < rows.length; i++) {
      const problem = checker.record(name, i, rows[i]);
      if (problem) return problem;
    }
    checker.listDone(name);
  }
  const lists = Object.fromEntries(EXPORT_LIST_NAMES.map((n) => [n, (d[n] ?? []) as ExportedRecord[]])) as ExportDocument['lists'];
  return { user: d.user as ExportDocument['user'], lists };
}
