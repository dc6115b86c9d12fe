import { ACCOUNT_TYPES, type AccountType } from './api/types';
import { parseDrillDown } from './drill-down';
import { EMPTY_FILTER, MONEY_DIRECTIONS, type MoneyDirection, type TxFilter } from './tx-filter';

/**
 * The history's filter in its address, so that a reload, a bookmark or Back/Forward gives the same rows:
 * `/history?q=…&accounts=ID,ID&type=CHECKINGS&categories=ID,ID&statuses=BOOKED&min=100&max=500&dir=out&from=YYYY-MM-DD&to=YYYY-MM-DD`
 * (`to` excluded). It extends the dashboard's drill-down address (lib/drill-down.ts: categories, accounts,
 * statuses, from, to, and the older `account`), which therefore opens the history with its filter as before.
 * Only the fields that are set are written; the amounts are kept as typed (a text that is not an amount
 * comes back as typed and is said to be no amount again).
 */
export const FILTER_KEYS = ['q', 'accounts', 'account', 'type', 'categories', 'statuses', 'payees', 'min', 'max', 'dir', 'from', 'to'];

/** Whether an address' query carries a history filter at all. */
export function hasFilterInAddress(search: URLSearchParams): boolean {
  return FILTER_KEYS.some((k) => search.has(k));
}

/** The filter an address' query describes (fields it does not name are empty; unknown values are dropped). */
export function filterFromAddress(search: URLSearchParams): TxFilter {
  const drill = parseDrillDown(search);
  const type = search.get('type') ?? '';
  const dir = search.get('dir') ?? '';
  return {
    ...EMPTY_FILTER,
    ...drill,
    q: search.get('q') ?? '',
    payees: (search.get('payees') ?? '').split(',').filter(Boolean),
    accountType: (ACCOUNT_TYPES as readonly string[]).includes(type) ? (type as AccountType) : '',
    minAmount: search.get('min') ?? '',
    maxAmount: search.get('max') ?? '',
    direction: (MONEY_DIRECTIONS as readonly string[]).includes(dir) ? (dir as MoneyDirection) : '',
  };
}

/** The query (with its "?", or "" for no filter) that describes a filter. */
export function addressOfFilter(filter: TxFilter): string {
  const params = new URLSearchParams();
  const put = (key: string, value: string) => value && params.set(key, value);
  put('q', filter.q);
  put('accounts', filter.accounts.join(','));
  put('type', filter.accountType);
  put('categories', filter.categories.join(','));
  put('statuses', filter.statuses.join(','));
  put('payees', (filter.payees ?? []).join(','));
  put('min', filter.minAmount);
  put('max', filter.maxAmount);
  put('dir', filter.direction ?? '');
  put('from', filter.from);
  put('to', filter.to);
  // Commas of the lists stay readable in the address.
  const query = params.toString().replace(/%2C/g, ',');
  return query ? `?${query}` : '';
}

/** The fields in which two filters differ. */
export function changedFields(a: TxFilter, b: TxFilter): (keyof TxFilter)[] {
  const keys = Object.keys({ ...EMPTY_FILTER }) as (keyof TxFilter)[];
  return keys.filter((k) => String(a[k] ?? '') !== String(b[k] ?? ''));
}
