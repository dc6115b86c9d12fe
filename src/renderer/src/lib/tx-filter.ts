import type { AccountType, Category } from './api/types';
import { amountMatches, containsNumber, parseAmountTerm, type AmountTerm } from './amount-search';
import { foldLabel } from './label-order';
import type { TxTable } from './tx-table';

/**
 * The history's filters, applied to the rows held in memory: start date inclusive, end date exclusive,
 * statuses as included_statuses, and a free-text search over label, notes, counterparty, the person's note
 * and tags (accents and case ignored), where a word that reads as an amount also finds that amount
 * (amount-search.ts).
 *
 * Amounts are filtered by their SIZE, whichever way the money went: "Min amount 100" keeps a purchase of
 * 150 as well as a refund of 150 (a person thinks of a purchase of 150 as 150, not as -150). The direction
 * is a choice of its own: money in (credits), money out (debits) or both. Both bounds are inclusive; a sign
 * typed in a bound is ignored, and bounds typed the wrong way round are read the right way round.
 */
export interface TxFilter {
  accounts: string[];
  accountType: AccountType | '';
  categories: string[];
  statuses: string[];
  /** Payee ids (the person's display names over the bank's labels); absent in filters saved before payees. */
  payees?: string[];
  /** As typed: a size of amount (see amountSize); text that is not an amount filters nothing. */
  minAmount: string;
  maxAmount: string;
  /** Which way the money went: '' both, 'in' credits (amount > 0), 'out' debits (amount < 0). */
  direction: MoneyDirection;
  /** YYYY-MM-DD */
  from: string;
  to: string;
  q: string;
}

export type MoneyDirection = '' | 'in' | 'out';
export const MONEY_DIRECTIONS: readonly MoneyDirection[] = ['', 'in', 'out'];

export type SortKey = 'date' | 'amount' | 'label';
export interface TxSort {
  key: SortKey;
  dir: 'asc' | 'desc';
}

export const EMPTY_FILTER: TxFilter = {
  accounts: [],
  accountType: '',
  categories: [],
  statuses: [],
  payees: [],
  minAmount: '',
  maxAmount: '',
  direction: '',
  from: '',
  to: '',
  q: '',
};

export const DEFAULT_SORT: TxSort = { key: 'date', dir: 'desc' };

export function isFilterEmpty(f: TxFilter): boolean {
  return (
    f.accounts.length === 0 &&
    !f.accountType &&
    f.categories.length === 0 &&
    f.statuses.length === 0 &&
    !f.payees?.length &&
    !f.minAmount &&
    !f.maxAmount &&
    !f.direction &&
    !f.from &&
    !f.to &&
    !f.q.trim()
  );
}

/** How many filters besides the free text are set (a range of dates or of amounts counts as one). */
export function activeFilterCount(f: TxFilter): number {
  return [
    f.accounts.length > 0,
    !!f.accountType,
    f.categories.length > 0,
    f.statuses.length > 0,
    !!f.payees?.length,
    !!(f.minAmount || f.maxAmount),
    !!f.direction,
    !!(f.from || f.to),
  ].filter(Boolean).length;
}

/** A calendar day as UTC seconds at midnight (transaction dates are stored that way). */
export function dayToSeconds(day: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 1000;
}

/**
 * The size of amount a bound's text stands for: null when the field is empty, NaN when the text is not an
 * amount ("abc": the screen says so and the bound filters nothing). Written the way amounts are read by the
 * search ("100", "42.50", "42,50", "1 234,56", "1,234.56"); a sign is allowed and ignored.
 */
export function amountSize(text: string): number | null {
  const t = text.trim().replace(/^[+\-−]\s*/, '');
  if (!t) return null;
  const term = parseAmountTerm(t);
  return term ? term.value / term.scale : NaN;
}

/** The inclusive bounds of the size of amount: the two typed bounds in order, each null when not set. */
export function amountBounds(filter: Pick<TxFilter, 'minAmount' | 'maxAmount'>): [number | null, number | null] {
  const read = (text: string) => {
    const n = amountSize(text);
    return n === null || Number.isNaN(n) ? null : n;
  };
  const a = read(filter.minAmount);
  const b = read(filter.maxAmount);
  return a !== null && b !== null && a > b ? [b, a] : [a, b];
}

export interface FilterContext {
  accountTypes: ReadonlyMap<string, AccountType>;
  /** Category id → parent id (children of a selected category match it). */
  categoryParents: ReadonlyMap<string, string | undefined>;
  /** The app's language, for the label order (default English). */
  locale?: string;
}

/** One word of the free-text search: the folded text to find, and the amount it stands for if any. */
interface SearchWord {
  text: string;
  amount: AmountTerm | null;
}

function searchWords(q: string): SearchWord[] {
  const folded = foldLabel(q);
  return folded ? folded.split(' ').map((text) => ({ text, amount: parseAmountTerm(text) })) : [];
}

/** A number word finds its amount, or itself on its own in the text; other words are found anywhere. */
function wordMatches(word: SearchWord, text: string, amount: number): boolean {
  if (word.amount) return amountMatches(word.amount, amount) || containsNumber(text, word.text);
  return text.includes(word.text);
}

export function categoryContext(categories: readonly Category[]): FilterContext['categoryParents'] {
  return new Map(categories.map((c) => [c.id, c.parent?.id]));
}

/** A row is in a category (or under it) by its own category or, when split, by one of its parts' (the charts' drill-down). */
function inCategories(table: TxTable, i: number, categories: ReadonlySet<string>, parents: FilterContext['categoryParents']): boolean {
  const within = (c: string) => {
    if (categories.has(c)) return true;
    const parent = parents.get(c);
    return parent !== undefined && categories.has(parent);
  };
  const parts = table.splits[i];
  return parts ? parts.some((p) => within(p.category_id)) : within(table.categories[i]);
}

/** The indices of the rows that match, in the asked order. */
export function computeView(table: TxTable, filter: TxFilter, sort: TxSort, ctx: FilterContext): Int32Array {
  const n = table.size;
  const accounts = filter.accounts.length ? new Set(filter.accounts) : null;
  const categories = filter.categories.length ? new Set(filter.categories) : null;
  const statuses = filter.statuses.length ? new Set(filter.statuses) : null;
  const payees = filter.payees?.length ? new Set(filter.payees) : null;
  const [min, max] = amountBounds(filter);
  const direction = filter.direction || '';
  const from = dayToSeconds(filter.from);
  const to = dayToSeconds(filter.to);
  const terms = searchWords(filter.q);
  const type = filter.accountType || null;

  const out = new Int32Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (accounts && !accounts.has(table.accountIds[i])) continue;
    if (type && ctx.accountTypes.get(table.accountIds[i]) !== type) continue;
    if (statuses && !statuses.has(table.statuses[i])) continue;
    if (payees && !payees.has(table.payeeIds[i])) continue;
    if (categories && !inCategories(table, i, categories, ctx.categoryParents)) continue;
    const amount = table.amounts[i];
    if (direction === 'in' ? amount <= 0 : direction === 'out' ? amount >= 0 : false) continue;
    const size = Math.abs(amount);
    if (min !== null && size < min) continue;
    if (max !== null && size > max) continue;
    const date = table.dates[i];
    if (from !== null && date < from) continue;
    if (to !== null && date >= to) continue;
    if (terms.length) {
      const s = table.search[i];
      let ok = true;
      for (const term of terms) {
        if (!wordMatches(term, s, amount)) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
    }
    out[count++] = i;
  }
  const view = out.slice(0, count);
  sortView(view, table, sort, ctx.locale);
  return view;
}

export function sortView(view: Int32Array, table: TxTable, sort: TxSort, locale = 'en'): void {
  const sign = sort.dir === 'asc' ? 1 : -1;
  const ids = table.ids;
  // Ties keep a stable, meaningful order: the newest import first, then the larger id.
  const tie = (a: number, b: number) =>
    table.importDates[b] - table.importDates[a] ||
    ids[b].length - ids[a].length ||
    (ids[b] < ids[a] ? -1 : ids[b] > ids[a] ? 1 : 0);
  if (sort.key === 'date') {
    const d = table.dates;
    view.sort((a, b) => sign * (d[a] - d[b]) || tie(a, b));
  } else if (sort.key === 'amount') {
    const m = table.amounts;
    view.sort((a, b) => sign * (m[a] - m[b]) || tie(a, b));
  } else {
    const r = table.labelRanks(locale);
    view.sort((a, b) => sign * (r[a] - r[b]) || tie(a, b));
  }
}
