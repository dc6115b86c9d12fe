/**
 * Conditions and actions of a person's categorization rule, beside its pattern (issue 22): the amount
 * (a range in the currency's units, or only debits or credits), the accounts, the date range; actions
 * beside the category: tags added, a note added. A rule without conditions matches on its pattern alone, as
 * rules always did. Pure: the caller compiles the conditions once and asks for each row.
 */
import { InvalidInput } from './errors';
import { currencyExponent } from './money';
import { normalizeNote, normalizeTags } from './transaction-edits';

export interface RuleConditions {
  /** Lowest amount, in the currency's units (a debit is negative: -50 means "at least 50 spent" with amount_max). */
  amount_min?: number;
  amount_max?: number;
  sign?: 'DEBIT' | 'CREDIT';
  /** Public account ids: the rule files only their transactions. */
  account_ids?: string[];
  /** Unix times (seconds), inclusive. */
  date_from?: number;
  date_to?: number;
}

/** What a rule does beside filing under its category. A place is kept for the payee (set by rules later). */
export interface RuleActions {
  tags?: string[];
  user_note?: string;
}

/** A row as conditions look at it. */
export interface ConditionRow {
  amount: number;
  currency: string;
  account_id: number;
  date: number;
}

const isSet = (v: unknown) => v !== undefined && v !== null;

/** The conditions as stored: null when none; InvalidInput on an empty range. */
export function normalizeConditions(c: RuleConditions | undefined | null): RuleConditions | null {
  if (!c) return null;
  const out: RuleConditions = {};
  if (isSet(c.amount_min)) out.amount_min = c.amount_min;
  if (isSet(c.amount_max)) out.amount_max = c.amount_max;
  if (out.amount_min !== undefined && out.amount_max !== undefined && out.amount_min > out.amount_max)
    throw new InvalidInput('conditions.amount_min must not be above conditions.amount_max');
  if (c.sign) out.sign = c.sign;
  if (c.account_ids && c.account_ids.length > 0) out.account_ids = [...new Set(c.account_ids)];
  if (isSet(c.date_from)) out.date_from = c.date_from;
  if (isSet(c.date_to)) out.date_to = c.date_to;
  if (out.date_from !== undefined && out.date_to !== undefined && out.date_from > out.date_to)
    throw new InvalidInput('conditions.date_from must not be after conditions.date_to');
  return Object.keys(out).length === 0 ? null : out;
}

/** The actions as stored: null when none. */
export function normalizeActions(a: RuleActions | undefined | null): RuleActions | null {
  if (!a) return null;
  const out: RuleActions = {};
  const tags = a.tags === undefined ? null : normalizeTags(a.tags);
  if (tags) out.tags = tags;
  const note = a.user_note === undefined ? null : normalizeNote(a.user_note);
  if (note) out.user_note = note;
  return Object.keys(out).length === 0 ? null : out;
}

/** A test of a row against conditions (always true without any). */
export function compileConditions(c: RuleConditions | null): (row: ConditionRow) => boolean {
  if (!c) return () => true;
  const accounts = c.account_ids ? new Set(c.account_ids.map(Number)) : null;
  const divisors = new Map<string, number>();
  const divisor = (currency: string) => {
    let d = divisors.get(currency);
    if (d === undefined) divisors.set(currency, (d = 10 ** currencyExponent(currency)));
    return d;
  };
  return (row) => {
    if (c.sign === 'DEBIT' && row.amount >= 0) return false;
    if (c.sign === 'CREDIT' && row.amount <= 0) return false;
    if (accounts && !accounts.has(row.account_id)) return false;
    if (c.date_from !== undefined && row.date < c.date_from) return false;
    if (c.date_to !== undefined && row.date > c.date_to) return false;
    if (c.amount_min !== undefined || c.amount_max !== undefined) {
      const units = row.amount / divisor(row.currency);
      if (c.amount_min !== undefined && units < c.amount_min) return false;
      if (c.amount_max !== undefined && units > c.amount_max) return false;
    }
    return true;
  };
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * Stored conditions read back, keeping only well-formed fields (an imported file may carry anything): a rule
 * must never crash a synchronization.
 */
export function readConditions(value: unknown): RuleConditions | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const out: RuleConditions = {};
  const fields = { amount_min: num(v.amount_min), amount_max: num(v.amount_max), date_from: num(v.date_from), date_to: num(v.date_to) };
  for (const [k, n] of Object.entries(fields)) if (n !== undefined) out[k as keyof typeof fields] = n;
  if (v.sign === 'DEBIT' || v.sign === 'CREDIT') out.sign = v.sign;
  if (Array.isArray(v.account_ids)) out.account_ids = v.account_ids.map(String);
  return Object.keys(out).length === 0 ? null : out;
}

/** Stored actions read back, keeping only well-formed fields. */
export function readActions(value: unknown): RuleActions | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const out: RuleActions = {};
  if (Array.isArray(v.tags) && v.tags.every((t) => typeof t === 'string') && v.tags.length > 0) out.tags = v.tags;
  if (typeof v.user_note === 'string' && v.user_note !== '') out.user_note = v.user_note;
  return Object.keys(out).length === 0 ? null : out;
}
