/**
 * Per-connection settings of a statement-files connection (`connections.document_settings`, JSON), as the API
 * shows them (snake_case), and what they become for the parsers (`ParseOptions`).
 *
 * - `csv_mapping`: the CSV columns (header names or 0-based indexes); absent ⇒ guessed from each file.
 * - `date_order`: day/month order of ambiguous dates in QIF and CSV files (`DMY`, `MDY`, `auto`).
 * - `default_currency`: the currency of files that name none (QIF, most CSV); default EUR.
 */
import type { CsvMapping, DateOrder, ParseOptions } from './formats';

export type ColumnRef = string | number;

export interface CsvMappingSettings {
  delimiter?: string;
  has_header?: boolean;
  date: ColumnRef;
  label: ColumnRef;
  amount?: ColumnRef;
  debit?: ColumnRef;
  credit?: ColumnRef;
  raw_text?: ColumnRef;
  value_date?: ColumnRef;
  reference?: ColumnRef;
  currency?: ColumnRef;
  decimal_separator?: '.' | ',';
}

export interface DocumentSettings {
  csv_mapping?: CsvMappingSettings;
  date_order?: DateOrder;
  default_currency?: string;
}

const column = {
  type: ['string', 'integer'],
  minLength: 1,
  maxLength: 200,
  minimum: 0,
  maximum: 999,
  description: 'A header name, or a 0-based column index.',
} as const;

/** JSON schema of the settings (the PUT body and the GET answer). */
export const documentSettingsSchema = {
  type: 'object',
  properties: {
    csv_mapping: {
      type: 'object',
      description:
        'CSV columns, each a header name (when has_header) or a 0-based column index. Either amount, or debit and/or credit.',
      required: ['date', 'label'],
      properties: {
        delimiter: { type: 'string', minLength: 1, maxLength: 1, description: 'Default: sniffed from the file.' },
        has_header: { type: 'boolean' },
        date: column,
        label: column,
        amount: column,
        debit: column,
        credit: column,
        raw_text: column,
        value_date: column,
        reference: column,
        currency: column,
        decimal_separator: { type: 'string', enum: ['.', ','] },
      },
    },
    date_order: {
      type: 'string',
      enum: ['DMY', 'MDY', 'auto'],
      description:
        'Day/month order of ambiguous dates in QIF and CSV files (default auto: decided per file, refused when the file cannot tell).',
    },
    default_currency: {
      type: 'string',
      pattern: '^[A-Z]{3}$',
      description: 'Currency of files that name none (default EUR).',
    },
  },
} as const;

const MAPPING_KEYS = [
  'delimiter',
  'has_header',
  'date',
  'label',
  'amount',
  'debit',
  'credit',
  'raw_text',
  'value_date',
  'reference',
  'currency',
  'decimal_separator',
] as const;

const isColumn = (v: unknown) =>
  (typeof v === 'string' && v.length >= 1 && v.length <= 200) ||
  (Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 999);

/**
 * Checks a PUT body exactly (JSON types are not coerced: `"3"` is a header named 3, `3` the fourth column)
 * and returns the settings to keep, or the problem. Unknown members are ignored (see
 * docs/api/request-bodies.md#unknown-fields).
 */
export function parseSettingsBody(body: unknown): DocumentSettings | string {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) return 'body must be an object';
  const input = body as Record<string, unknown>;
  const out: DocumentSettings = {};
  if (input.csv_mapping !== undefined) {
    const m = input.csv_mapping as Record<string, unknown>;
    if (!m || typeof m !== 'object' || Array.isArray(m)) return 'body.csv_mapping must be an object';
    const mapping: Record<string, unknown> = {};
    for (const key of MAPPING_KEYS) {
      const v = m[key];
      if (v === undefined) continue;
      if (key === 'delimiter') {
        if (typeof v !== 'string' || v.length !== 1) return 'body.csv_mapping.delimiter must be one character';
      } else if (key === 'has_header') {
        if (typeof v !== 'boolean') return 'body.csv_mapping.has_header must be boolean';
      } else if (key === 'decimal_separator') {
        if (v !== '.' && v !== ',') return 'body.csv_mapping.decimal_separator must be "." or ","';
      } else if (!isColumn(v)) {
        return `body.csv_mapping.${key} must be a header name (1 to 200 characters) or a 0-based column index`;
      }
      mapping[key] = v;
    }
    if (mapping.date === undefined || mapping.label === undefined)
      return 'body.csv_mapping needs the date and label columns';
    if (mapping.amount === undefined && mapping.debit === undefined && mapping.credit === undefined) {
      return 'body.csv_mapping needs an amount column, or debit and/or credit columns';
    }
    out.csv_mapping = mapping as unknown as CsvMappingSettings;
  }
  if (input.date_order !== undefined) {
    if (input.date_order !== 'DMY' && input.date_order !== 'MDY' && input.date_order !== 'auto') {
      return 'body.date_order must be DMY, MDY or auto';
    }
    out.date_order = input.date_order;
  }
  if (input.default_currency !== undefined) {
    if (typeof input.default_currency !== 'string' || !/^[A-Z]{3}$/.test(input.default_currency)) {
      return 'body.default_currency must be a currency code of three capital letters';
    }
    out.default_currency = input.default_currency;
  }
  return out;
}

/** The stored JSON (tolerates NULL and garbage: a broken value means no settings). */
export function readDocumentSettings(text: string | null | undefined): DocumentSettings {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as DocumentSettings) : {};
  } catch {
    return {};
  }
}

function toCsvMapping(m: CsvMappingSettings): CsvMapping {
  const out: CsvMapping = { date: m.date, label: m.label };
  if (m.delimiter !== undefined) out.delimiter = m.delimiter;
  if (m.has_header !== undefined) out.hasHeader = m.has_header;
  if (m.amount !== undefined) out.amount = m.amount;
  if (m.debit !== undefined) out.debit = m.debit;
  if (m.credit !== undefined) out.credit = m.credit;
  if (m.raw_text !== undefined) out.rawText = m.raw_text;
  if (m.value_date !== undefined) out.valueDate = m.value_date;
  if (m.reference !== undefined) out.reference = m.reference;
  if (m.currency !== undefined) out.currency = m.currency;
  if (m.decimal_separator !== undefined) out.decimalSeparator = m.decimal_separator;
  return out;
}

/** Parser options for one file of the connection. */
export function parseOptionsOf(settings: DocumentSettings, fileName: string, maxBytes: number): ParseOptions {
  const options: ParseOptions = { fileName, maxBytes };
  if (settings.date_order) options.dateOrder = settings.date_order;
  if (settings.csv_mapping) options.csvMapping = toCsvMapping(settings.csv_mapping);
  if (settings.default_currency) options.defaultCurrency = settings.default_currency;
  return options;
}
