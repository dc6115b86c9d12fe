/**
 * The export document of one user's data (docs/export-format.md): which fields each list carries, how a
 * stored row becomes an exported record and back, and the check of a document before anything is written.
 * Pure functions: the store reads and writes the rows, the export-import service streams them.
 *
 * Field names are the stored column names, so a reader of the document and of the database see one name
 * for one thing. Secrets never appear here: a channel's credentials, masks of credentials, the connector's
 * saved state (it holds access tokens and session ids) and errors of the bank are not fields of any list.
 */

export const EXPORT_FORMAT = 'coffer-export';
export const EXPORT_VERSION = 1;

/** How a field is kept: integers, texts, JSON kept as text in the database, lists of texts (tags). */
export type FieldKind = 'int' | 'int?' | 'str' | 'str?' | 'json?' | 'strs?';
export type FieldSpec = readonly (readonly [name: string, kind: FieldKind])[];

export const USER_FIELDS: FieldSpec = [
  ['first_name', 'str?'], ['last_name', 'str?'], ['gender', 'str?'], ['birthdate', 'str?'],
  ['street', 'str?'], ['postcode', 'str?'], ['city', 'str?'], ['country', 'str?'],
];

export const CONNECTION_FIELDS: FieldSpec = [
  ['id', 'int'], ['provider_id', 'str'], ['name', 'str'], ['auto_sync', 'int'], ['consent_per_account', 'int'],
  ['owner_name', 'str?'], ['document_settings', 'json?'],
];

export const CHANNEL_FIELDS: FieldSpec = [
  ['connection_id', 'int'], ['channel_definition_id', 'str'], ['mode', 'str'], ['status', 'str'], ['last_success_date', 'int?'],
  ['last_end_date', 'int?'],
];

export const DELETED_ACCOUNT_FIELDS: FieldSpec = [['connection_id', 'int'], ['reference', 'str'], ['deleted_date', 'int']];

export const ACCOUNT_FIELDS: FieldSpec = [
  ['id', 'int'], ['connection_id', 'int'], ['reference', 'str'], ['name', 'str'], ['currency', 'str'], ['balance', 'int'],
  ['balance_date', 'int?'], ['iban', 'str?'], ['account_number', 'str?'], ['status', 'str'], ['type', 'str'], ['usage', 'str'],
  ['owner_name', 'str?'], ['last_channel_definition_id', 'str?'], ['payment_source', 'int?'], ['payment_destination', 'int?'],
  ['savings', 'json?'], ['loan', 'json?'], ['hidden_from_totals', 'int'], ['status_before_close', 'str?'],
  ['closing_balance', 'int?'], ['closing_date', 'int?'], ['consent_declined', 'int'], ['manual_kind', 'str?'],
];

export const BALANCE_FIELDS: FieldSpec = [['account_id', 'int'], ['date', 'int'], ['balance', 'int']];

export const TRANSACTION_FIELDS: FieldSpec = [
  ['id', 'int'], ['account_id', 'int'], ['provider_key', 'str'], ['amount', 'int'], ['currency', 'str'], ['date', 'int'],
  ['booking_date', 'int?'], ['value_date', 'int?'], ['last_update_date', 'int'], ['label', 'str'], ['notes', 'str?'],
  ['remittance_information', 'json?'], ['source_label', 'str?'], ['type', 'str'], ['origin', 'str'], ['category_id', 'str'],
  ['status', 'str'], ['user_note', 'str?'], ['tags', 'strs?'], ['category_source', 'str?'], ['category_rule_id', 'int?'],
  ['payee_id', 'int?'],
];

/** A person's own category: `category_id` elsewhere names it as "custom_<id>". */
export const OWN_CATEGORY_FIELDS: FieldSpec = [['id', 'int'], ['parent_id', 'str'], ['label', 'str'], ['folded', 'str'], ['hidden', 'int']];

export const PAYEE_FIELDS: FieldSpec = [['id', 'int'], ['name', 'str'], ['folded', 'str']];

export const RULE_FIELDS: FieldSpec = [
  ['id', 'int'], ['pattern', 'str'], ['folded', 'str'], ['category_id', 'str'], ['position', 'int'], ['conditions', 'json?'], ['actions', 'json?'],
];

export const CORRECTION_FIELDS: FieldSpec = [['folded_label', 'str'], ['category_id', 'str'], ['date', 'int']];

/**
 * A split's parts and transfer links name their transactions by account and provider key (unique per
 * account), not by id: an import gives transactions new ids, and a map of a million of them would be
 * held in memory only for these few records.
 */
export const SPLIT_FIELDS: FieldSpec = [
  ['account_id', 'int'], ['provider_key', 'str'], ['position', 'int'], ['amount', 'int'], ['category_id', 'str'], ['note', 'str?'],
];

export const TRANSFER_LINK_FIELDS: FieldSpec = [
  ['debit_account_id', 'int'], ['debit_provider_key', 'str'], ['credit_account_id', 'int'], ['credit_provider_key', 'str'],
  ['confirmed', 'int'], ['creation_date', 'int'],
];

/** Pairs the person unlinked (never linked again automatically). */
export const TRANSFER_REFUSAL_FIELDS: FieldSpec = [
  ['debit_account_id', 'int'], ['debit_provider_key', 'str'], ['credit_account_id', 'int'], ['credit_provider_key', 'str'],
];

/** The lists of the document, in the order they are written and must be read (a record names earlier ones). */
export const EXPORT_LISTS = {
  connections: CONNECTION_FIELDS,
  channels: CHANNEL_FIELDS,
  deleted_accounts: DELETED_ACCOUNT_FIELDS,
  accounts: ACCOUNT_FIELDS,
  balance_history: BALANCE_FIELDS,
  own_categories: OWN_CATEGORY_FIELDS,
  payees: PAYEE_FIELDS,
  rules: RULE_FIELDS,
  category_corrections: CORRECTION_FIELDS,
  transactions: TRANSACTION_FIELDS,
  transaction_splits: SPLIT_FIELDS,
  transfer_links: TRANSFER_LINK_FIELDS,
  transfer_refusals: TRANSFER_REFUSAL_FIELDS,
} as const;
export type ExportList = keyof typeof EXPORT_LISTS;
export const EXPORT_LIST_NAMES = Object.keys(EXPORT_LISTS) as ExportList[];

export type StoredRow = Record<string, string | number | null>;
export type ExportedRecord = Record<string, unknown>;

/**
 * The status an imported channel starts with: the credentials stayed behind, so a channel that was in use
 * needs them again (NEEDS_SECRET) before its next synchronization; one never used (EMPTY) or closed by the
 * person (CLOSED) stays so.
 */
export function importedChannelStatus(exported: string): string {
  return exported === 'EMPTY' || exported === 'CLOSED' ? exported : 'NEEDS_SECRET';
}

/** A stored row as exported: JSON kept as text becomes JSON again, nothing else changes. */
export function exportRecord(row: StoredRow, fields: FieldSpec): ExportedRecord {
  const out: ExportedRecord = {};
  for (const [name, kind] of fields) {
    const v = row[name] ?? null;
    out[name] = (kind === 'json?' || kind === 'strs?') && typeof v === 'string' ? parseOrNull(v) : v;
  }
  return out;
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** An exported record as a row to store (JSON back to text); the record was checked by `recordProblem`. */
export function storedRow(record: ExportedRecord, fields: FieldSpec): StoredRow {
  const out: StoredRow = {};
  for (const [name, kind] of fields) {
    const v = record[name] ?? null;
    out[name] = (kind === 'json?' || kind === 'strs?') && v !== null ? JSON.stringify(v) : (v as string | number | null);
  }
  return out;
}

const MAX_TEXT = 100_000;

function valueProblem(v: unknown, kind: FieldKind): string | undefined {
  const nullable = kind.endsWith('?');
  if (v === null || v === undefined) return nullable ? undefined : 'is missing';
  switch (kind) {
    case 'int':
    case 'int?':
      return Number.isSafeInteger(v) ? undefined : 'must be a whole number';
    case 'str':
    case 'str?':
      return typeof v === 'string' && v.length <= MAX_TEXT ? undefined : 'must be a text';
    case 'strs?':
      return Array.isArray(v) && v.every((t) => typeof t === 'string') ? undefined : 'must be a list of texts';
    default:
      return undefined;
  }
}

/** The first field of a record that is not what the format says, as `path.field what-is-wrong`. */
export function recordProblem(record: unknown, fields: FieldSpec, path: string): string | undefined {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return `${path} must be an object`;
  const r = record as ExportedRecord;
  for (const [name, kind] of fields) {
    const problem = valueProblem(r[name], kind);
    if (problem) return `${path}.${name} ${problem}`;
  }
  return undefined;
}
