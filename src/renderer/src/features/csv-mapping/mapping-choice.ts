import type { DocumentSettings } from '../../lib/api';

/** The columns the person picked ('' = left to Coffer's guess), the decimal separator and the date order. */
export interface MappingChoice {
  date: string;
  label: string;
  amount: string;
  debit: string;
  credit: string;
  decimal: '' | '.' | ',';
  order: 'auto' | 'DMY' | 'MDY';
}

export const EMPTY_CHOICE: MappingChoice = { date: '', label: '', amount: '', debit: '', credit: '', decimal: '', order: 'auto' };

const text = (v: string | number | undefined) => (typeof v === 'string' ? v : '');

/** The choice the saved settings make (columns named by index are left to the guess: the screen names headers). */
export function choiceOf(settings: DocumentSettings): MappingChoice {
  const m = settings.csv_mapping;
  return {
    date: text(m?.date),
    label: text(m?.label),
    amount: text(m?.amount),
    debit: text(m?.debit),
    credit: text(m?.credit),
    decimal: m?.decimal_separator ?? '',
    order: settings.date_order ?? 'auto',
  };
}

/** Whether some columns are picked but not enough to read a row (a date, a description and an amount or debit/credit). */
export function incomplete(c: MappingChoice): boolean {
  const any = Boolean(c.date || c.label || c.amount || c.debit || c.credit);
  return any && !(c.date && c.label && (c.amount || c.debit || c.credit));
}

/**
 * The settings the choice makes, over `base` (its default currency kept): a column mapping only when it is
 * complete, else Coffer guesses the columns; the date order unless left to Coffer.
 */
export function settingsOf(c: MappingChoice, base: DocumentSettings): DocumentSettings {
  const out: DocumentSettings = {};
  if (base.default_currency) out.default_currency = base.default_currency;
  if (c.order !== 'auto') out.date_order = c.order;
  if (c.date && c.label && (c.amount || c.debit || c.credit) && !incomplete(c)) {
    out.csv_mapping = { date: c.date, label: c.label };
    if (c.amount) out.csv_mapping.amount = c.amount;
    else {
      if (c.debit) out.csv_mapping.debit = c.debit;
      if (c.credit) out.csv_mapping.credit = c.credit;
    }
    if (c.decimal) out.csv_mapping.decimal_separator = c.decimal;
  }
  return out;
}
