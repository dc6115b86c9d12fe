import { TRANSACTION_STATUSES } from './api/types';
import { formatDayIso, parseDay } from './periods';

/**
 * The history's drill-down address:
 * `/history?categories=ID1,ID2&accounts=ID1,ID2&statuses=BOOKED&from=YYYY-MM-DD&to=YYYY-MM-DD` (`to` excluded,
 * as the history's own filter and GET /transactions `end_date`). A chart opens it for the bar or point
 * clicked; the history screen reads it into its filter.
 */
export interface DrillDown {
  categories: string[];
  accounts: string[];
  /** Transaction statuses shown; none means every status. */
  statuses: string[];
  /** YYYY-MM-DD, included. */
  from: string;
  /** YYYY-MM-DD, excluded. */
  to: string;
}

const DAY = 86400;

/** The statuses the dashboard's charts count. */
export const CHART_STATUSES: readonly string[] = ['BOOKED'];

/** The address for a chart element covering the days `first` … `last` (UTC seconds, both included). */
export function drillDownUrl(input: {
  categories?: readonly string[];
  accounts?: readonly string[];
  /**
   * Default BOOKED: the charts count booked transactions only (lib/analytics.ts), so the history they open
   * lists the very rows behind the bar or point, not pending ones the chart left out.
   */
  statuses?: readonly string[];
  first: number;
  last: number;
}): string {
  const params: string[] = [];
  const statuses = input.statuses ?? CHART_STATUSES;
  if (input.categories?.length) params.push(`categories=${input.categories.map(encodeURIComponent).join(',')}`);
  if (input.accounts?.length) params.push(`accounts=${input.accounts.map(encodeURIComponent).join(',')}`);
  if (statuses.length) params.push(`statuses=${statuses.join(',')}`);
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
  const keys = ['categories', 'accounts', 'account', 'statuses', 'from', 'to'];
  if (!keys.some((k) => search.has(k))) return null;
  const day = (k: string) => {
    const v = search.get(k) ?? '';
    return parseDay(v) !== null ? v : '';
  };
  return {
    categories: list(search.get('categories')),
    accounts: [...new Set([...list(search.get('accounts')), ...list(search.get('account'))])],
    statuses: list(search.get('statuses')).filter((s) => (TRANSACTION_STATUSES as readonly string[]).includes(s)),
    from: day('from'),
    to: day('to'),
  };
}
