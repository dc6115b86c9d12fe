/**
 * Reports (an extension, docs/reports.md): income and expense, cash flow and net worth by month, spending by
 * category and by tag beside the previous period, and the top payees, in one currency (default: the
 * person's reporting currency), each amount converted at its day's rate.
 */
import { InvalidInput } from '../../domain/errors';
import { dayOf, findRate } from '../../domain/fx-rates';
import { currencyExponent } from '../../domain/money';
import { convertFlows, type Flow, type FlowInput, type RateOf } from '../../domain/reports/report-flows';
import { monthsOf, previousPeriod, reportPeriod, type ReportPeriod } from '../../domain/reports/report-period';
import { cashFlow, incomeExpense, spendingBy, topPayees, toAmount } from '../../domain/reports/reports';
import type { Store } from '../../store';
import type { FlowDetail, ReportFlowRow } from '../../store/reports';
import { checkedCurrency } from '../fx-rates';
import { rateLookups } from '../../store/fx-rate-lookups';
import { reportingCurrency } from '../fx-rates/summary';
import { netWorthRows } from './net-worth';

export const REPORT_KINDS = ['income_expense', 'cash_flow', 'net_worth', 'spending_by_category', 'spending_by_tag', 'top_payees'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export interface ReportQuery {
  from?: string;
  to?: string;
  currency?: string;
  limit?: number;
}

export interface Report {
  kind: ReportKind;
  currency: string;
  from: string;
  to: string;
  previous_from?: string;
  previous_to?: string;
  missing_rates: string[];
  rows: object[];
}

type Deps = { store: Pick<Store, 'reports' | 'fxRates' | 'summaryBalances' | 'users'>; now(): number };

const DAY = 86_400;
const DEFAULT_PAYEES = 10;
const MOST_PAYEES = 100;

/** The stored tags of a row: a JSON array of texts (anything else reads as no tag). */
function tagsOf(stored: string | null): string[] {
  if (stored === null) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

const flowInput = (row: ReportFlowRow): FlowInput => ({ ...row, tags: tagsOf(row.tags) });

function checkedLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_PAYEES;
  if (!Number.isInteger(limit) || limit < 1 || limit > MOST_PAYEES) throw new InvalidInput(`limit must be a whole number from 1 to ${MOST_PAYEES}`);
  return limit;
}

export function createReportService(deps: Deps) {
  const { store } = deps;

  /** Each day's rate into `currency`, looked up once per currency and day. */
  function ratesInto(userId: number, currency: string): RateOf {
    const lookups = rateLookups(store, userId);
    const held = new Map<string, number | undefined>();
    return (from, day) => {
      const key = `${from}:${day}`;
      if (!held.has(key)) held.set(key, findRate(lookups, from, currency, dayOf(day * DAY))?.rate);
      return held.get(key);
    };
  }

  function flows(userId: number, period: ReportPeriod, currency: string, detail: FlowDetail, rateOf: RateOf, missing: Set<string>): Flow[] {
    const rows = store.reports.flows(userId, period.start, period.end, currency, detail);
    const converted = convertFlows(rows.map(flowInput), currency, rateOf);
    for (const c of converted.missing) missing.add(c);
    return converted.flows;
  }

  return {
    report(userId: number, kind: ReportKind, query: ReportQuery): Report {
      const now = deps.now();
      const period = reportPeriod(query, now);
      const limit = checkedLimit(query.limit);
      const currency = query.currency === undefined ? reportingCurrency(store, userId, dayOf(now), now) : checkedCurrency(query.currency, 'currency');
      const head = { kind, currency, from: period.from, to: period.to };
      if (kind === 'net_worth') {
        const rows = netWorthRows(store, userId, period, currency, now);
        return { ...head, missing_rates: [...new Set(rows.flatMap((r) => r.missing_rates))].sort(), rows };
      }
      const exponent = currencyExponent(currency);
      const money = (minor: number) => toAmount(minor, exponent);
      const missing = new Set<string>();
      const rateOf = ratesInto(userId, currency);
      const detail: FlowDetail = kind === 'top_payees' ? 'payee' : kind === 'spending_by_tag' ? 'tags' : 'category';
      const current = flows(userId, period, currency, detail, rateOf, missing);
      const answer = (rows: object[], extra: object = {}): Report => ({ ...head, ...extra, missing_rates: [...missing].sort(), rows });
      switch (kind) {
        case 'income_expense':
          return answer(incomeExpense(current, monthsOf(period)).map((m) => ({ month: m.month, income: money(m.income), expense: money(m.expense), net: money(m.net) })));
        case 'cash_flow':
          return answer(cashFlow(current, monthsOf(period)).map((m) => ({ month: m.month, in: money(m.in), out: money(m.out), net: money(m.net) })));
        case 'top_payees':
          return answer(topPayees(current, limit).map((p) => ({ ...p, payee_id: String(p.payee_id), spent: money(p.spent), received: money(p.received) })));
        case 'spending_by_category':
        case 'spending_by_tag': {
          const before = previousPeriod(period);
          const previous = flows(userId, before, currency, detail, rateOf, missing);
          const byTag = kind === 'spending_by_tag';
          const rows = spendingBy(current, previous, byTag ? (f) => f.tags : (f) => [f.category_id]).map((r) => ({
            [byTag ? 'tag' : 'category_id']: r.key,
            amount: money(r.amount),
            previous_amount: money(r.previous_amount),
            count: r.count,
          }));
          return answer(rows, { previous_from: before.from, previous_to: before.to });
        }
      }
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
