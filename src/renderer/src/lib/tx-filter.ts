import type { AccountType, Category } from './api/types';
import type { TxTable } from './tx-table';

/**
 * The history's filters: the same fields and rules as GET /transactions (start date inclusive, end date
 * exclusive, amounts inclusive, statuses as included_statuses), applied to the rows held in memory, plus
 * a free-text search over label, notes and counterparty.
 */
export interface TxFilter {
  accounts: string[];
  accountType: AccountType | '';
  categories: string[];
  statuses: string[];
  minAmount: string;
  maxAmount: string;
  /** YYYY-MM-DD */
  from: string;
  to: string;
  q: string;
}

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
  minAmount: '',
  maxAmount: '',
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
    !f.minAmount &&
    !f.maxAmount &&
    !f.from &&
    !f.to &&
    !f.q.trim()
  );
}

/** A calendar day as UTC seconds at midnight (transaction dates are stored that way). */
export function dayToSeconds(day: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 1000;
}

function parseAmount(text: string): number | null {
  const t = text.trim().replace(',', '.').replace(/\s/g, '');
  if (!t) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

export interface FilterContext {
  accountTypes: ReadonlyMap<string, AccountType>;
  /** Category id → parent id (children of a selected category match it). */
  categoryParents: ReadonlyMap<string, string | undefined>;
}

export function categoryContext(categories: readonly Category[]): FilterContext['categoryParents'] {
  return new Map(categories.map((c) => [c.id, c.parent?.id]));
}

/** The indices of the rows that match, in the asked order. */
export function computeView(table: TxTable, filter: TxFilter, sort: TxSort, ctx: FilterContext): Int32Array {
  const n = table.size;
  const accounts = filter.accounts.length ? new Set(filter.accounts) : null;
  const categories = filter.categories.length ? new Set(filter.categories) : null;
  const statuses = filter.statuses.length ? new Set(filter.statuses) : null;
  const min = parseAmount(filter.minAmount);
  const max = parseAmount(filter.maxAmount);
  const from = dayToSeconds(filter.from);
  const to = dayToSeconds(filter.to);
  const q = filter.q.trim().toLowerCase();
  const terms = q ? q.split(/\s+/) : [];
  const type = filter.accountType || null;

  const out = new Int32Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (accounts && !accounts.has(table.accountIds[i])) continue;
    if (type && ctx.accountTypes.get(table.accountIds[i]) !== type) continue;
    if (statuses && !statuses.has(table.statuses[i])) continue;
    if (categories) {
      const c = table.categories[i];
      if (!categories.has(c)) {
        const parent = ctx.categoryParents.get(c);
        if (!parent || !categories.has(parent)) continue;
      }
    }
    const amount = table.amounts[i];
    if (min !== null && amount < min) continue;
    if (max !== null && amount > max) continue;
    const date = table.dates[i];
    if (from !== null && date < from) continue;
    if (to !== null && date >= to) continue;
    if (terms.length) {
      const s = table.search[i];
      let ok = true;
      for (const term of terms) {
        if (!s.includes(term)) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
    }
    out[count++] = i;
  }
  const view = out.slice(0, count);
  sortView(view, table, sort);
  return view;
}

export function sortView(view: Int32Array, table: TxTable, sort: TxSort): void {
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
    const l = table.sortLabels;
    view.sort((a, b) => sign * (l[a] < l[b] ? -1 : l[a] > l[b] ? 1 : 0) || tie(a, b));
  }
}
