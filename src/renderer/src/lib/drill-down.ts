import { formatDayIso, parseDay } from './periods';

/**
 * The history's drill-down address: `/history?categories=ID1,ID2&accounts=ID1,ID2&from=YYYY-MM-DD&to=YYYY-MM-DD`
 * (`to` excluded, as the history's own filter and GET /transactions `end_date`). A chart opens it for the
 * bar or point clicked; the history screen reads it into its filter.
 */
export interface DrillDown {
  categories: string[];
  accounts: string[];
  /** YYYY-MM-DD, included. */
  from: string;
  /** YYYY-MM-DD, excluded. */
  to: string;
}

const DAY = 86400;

/** The address for a chart element covering the days `first` … `last` (UTC seconds, both included). */
export function drillDownUrl(input: {
  categories?: readonly string[];
  accounts?: readonly string[];
  first: number;
  last: number;
}): string {
  const params: string[] = [];
  if (input.categories?.length) params.push(`categories=${input.categories.map(encodeURIComponent).join(',')}`);
  if (input.accounts?.length) params.push(`accounts=${input.accounts.map(encodeURIComponent).join(',')}`);
  params.push(`from=${formatDayIso(input.first)}`, `to=${formatDayIso(input.last + DAY)}`);
  return `/history?${params.join('&')}`;
}

const list = (text: string | null) =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The drill-down in an address' query, or null when it has none of its parameters. Invalid days are
 * dropped (the rest of the filter still applies); `account` (one id, the older deep link) is read too.
 */
export function parseDrillDown(search: URLSearchParams): DrillDown | null {
  const keys = ['categories', 'accounts', 'account', 'from', 'to'];
  if (!keys.some((k) => search.has(k))) return null;
  const day = (k: string) => {
    const v = search.get(k) ?? '';
    return parseDay(v) !== null ? v : '';
  };
  return {
    categories: list(search.get('categories')),
    accounts: [...new Set([...list(search.get('accounts')), ...list(search.get('account'))])],
    from: day('from'),
    to: day('to'),
  };
}
