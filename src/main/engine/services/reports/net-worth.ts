/**
 * Net worth over time: at the end of each month of the period (the period's last day for its last month),
 * each counted account's balance then, converted at that day's rate, and the total — the same figures as
 * GET /summary gives for that day. A currency with no rate on a day is left out of that day's totals and
 * listed; it is never taken at 1:1.
 */
import { monthEnds, type ReportPeriod } from '../../domain/reports/report-period';
import type { Store } from '../../store';
import { createSummary } from '../fx-rates/summary';

export interface NetWorthAccount {
  account_id: string;
  currency: string;
  balance: number;
  converted?: number;
}

export interface NetWorthRow {
  month: string;
  date: string;
  net_worth: number;
  assets: number;
  debts: number;
  accounts: NetWorthAccount[];
  missing_rates: string[];
}

type NetWorthStore = Pick<Store, 'fxRates' | 'summaryBalances' | 'users'>;

export function netWorthRows(store: NetWorthStore, userId: number, period: ReportPeriod, currency: string, now: number): NetWorthRow[] {
  return monthEnds(period).map((date) => {
    const s = createSummary(store, userId, date, now, currency);
    return {
      month: date.slice(0, 7),
      date,
      net_worth: s.net_worth,
      assets: s.assets,
      debts: s.debts,
      accounts: s.accounts.map((a) => ({
        account_id: a.id,
        currency: a.currency,
        balance: a.balance,
        ...(a.converted === undefined ? {} : { converted: a.converted }),
      })),
      missing_rates: s.missing_rates,
    };
  });
}
