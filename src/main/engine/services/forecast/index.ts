/**
 * The forecast (docs/forecast.md): each account's balance for the next days from today's balance, the
 * recurring payments the person confirmed and their budget. The computing is domain/forecast/.
 */
import { forecast, type ForecastPayment } from '../../domain/forecast/forecast';
import { InvalidInput } from '../../domain/errors';
import { servedBalance } from '../../domain/manual-ledger';
import { currencyExponent, minorToNumber } from '../../domain/money';
import { idString } from '../../domain/record';
import { dayOf, type Period } from '../../domain/recurring/periods';
import type { RecurringPaymentRow } from '../../store/recurring-payments';
import { recurringRecord } from '../recurring-payments/record';
import { forecastBudget, mainEverydayAccount, type ForecastBudgetDeps } from './forecast-budget';

export const FORECAST_DAYS = { min: 1, max: 366, default: 90 } as const;

export interface ForecastAccountRecord {
  id: string;
  currency: string;
  balance: number;
  points: { date: string; balance: number }[];
  first_below_zero?: string;
}

export interface ForecastRecord {
  /** The budget's currency, when a budget is counted. */
  currency?: string;
  /** The account the budget's spending is taken from, when a budget is counted. */
  budget_account_id?: string;
  days: number;
  accounts: ForecastAccountRecord[];
}

const isoDay = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

/** A confirmed payment as the forecast counts it: the person's amount and period win over what was seen. */
function forecastPayment(row: RecurringPaymentRow): ForecastPayment {
  const record = recurringRecord(row);
  return {
    accountId: row.account_id,
    amount: row.user_amount ?? row.typical_amount,
    nextDay: dayOf(record.next_date),
    period: record.period as Period,
    dayOfMonth: row.day_of_month,
  };
}

export function createForecastService(deps: ForecastBudgetDeps & { now(): number }) {
  return {
    forecast(userId: number, days: number = FORECAST_DAYS.default): ForecastRecord {
      if (!Number.isInteger(days) || days < FORECAST_DAYS.min || days > FORECAST_DAYS.max) {
        throw new InvalidInput(`days must be a whole number from ${FORECAST_DAYS.min} to ${FORECAST_DAYS.max}`);
      }
      const now = deps.now();
      const rows = deps.store.forecast.accounts(userId);
      const currencyOf = new Map(rows.map((a) => [a.id, a.currency]));
      // A payment is counted in its account's currency only (a series is always seen in one currency).
      const payments = deps.store.forecast
        .confirmedPayments(userId)
        .filter((p) => currencyOf.get(p.account_id) === p.currency)
        .map(forecastPayment);
      const counted = forecastBudget(deps, userId, mainEverydayAccount(deps, userId, rows, now), now);
      const accounts = forecast({
        today: dayOf(now),
        days,
        accounts: rows.map((a) => ({ id: a.id, currency: a.currency, balance: servedBalance(a).balance })),
        payments,
        ...(counted ? { budget: counted.budget } : {}),
      });
      return {
        ...(counted ? { currency: counted.currency, budget_account_id: idString(counted.budget.accountId) } : {}),
        days,
        accounts: accounts.map((a) => {
          const e = currencyExponent(a.currency);
          return {
            id: idString(a.id),
            currency: a.currency,
            balance: minorToNumber(a.balance, e),
            points: a.points.map((p) => ({ date: isoDay(p.day), balance: minorToNumber(p.balance, e) })),
            ...(a.firstBelowZero !== undefined ? { first_below_zero: isoDay(a.firstBelowZero) } : {}),
          };
        }),
      };
    },
  };
}

export type ForecastService = ReturnType<typeof createForecastService>;
