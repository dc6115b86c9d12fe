/**
 * The forecast (docs/forecast.md): each account's balance for the next days, from today's balance, the
 * recurring payments the person confirmed and their budget. Pure: the service hands it every input in the
 * accounts' minor units and days as UTC day numbers (days since 1970).
 */
import { nextExpectedDay, type Period } from '../recurring/periods';
import { budgetSpending, monthEndOf, type ForecastBudget } from './budget-spending';

export type { ForecastBudget } from './budget-spending';

export interface ForecastAccountInput {
  id: number;
  currency: string;
  /** Today's balance, minor units. */
  balance: number;
}

export interface ForecastPayment {
  accountId: number;
  /** Signed minor units of the account's currency: money going out is negative. */
  amount: number;
  /** The next date expected (UTC day number); one already past is not counted, the ones after it are. */
  nextDay: number;
  period: Period;
  /** The usual day of the month (monthly to yearly periods). */
  dayOfMonth: number;
}

export interface ForecastInput {
  today: number;
  /** How many days after today: one point each. */
  days: number;
  accounts: readonly ForecastAccountInput[];
  payments: readonly ForecastPayment[];
  budget?: ForecastBudget;
}

export interface ForecastPoint {
  day: number;
  balance: number;
}

export interface AccountForecast {
  id: number;
  currency: string;
  balance: number;
  /** One point per day, today + 1 to today + days. */
  points: ForecastPoint[];
  /** The first day (today included) whose balance is below zero. */
  firstBelowZero?: number;
}

/** The days within (today, end] a payment is expected on, repeated by its period. */
export function paymentDays(payment: ForecastPayment, today: number, end: number): number[] {
  const out: number[] = [];
  let day = payment.nextDay;
  // A period's step is always at least a week, so this ends; the guard keeps a broken input from looping.
  for (let i = 0; day <= end && i < 1000; i++) {
    if (day > today) out.push(day);
    const next = nextExpectedDay(day, payment.period, payment.dayOfMonth);
    if (next <= day) break;
    day = next;
  }
  return out;
}

/** Each account's forecast, in the order of `input.accounts`. */
export function forecast(input: ForecastInput): AccountForecast[] {
  const { today, days } = input;
  const end = today + days;
  const moves = new Map<number, Map<number, number>>(input.accounts.map((a) => [a.id, new Map()]));
  const add = (accountId: number, day: number, amount: number) => {
    const byDay = moves.get(accountId);
    if (byDay && day > today && day <= end) byDay.set(day, (byDay.get(day) ?? 0) + amount);
  };
  for (const p of input.payments) for (const day of paymentDays(p, today, end)) add(p.accountId, day, p.amount);
  const budget = input.budget;
  if (budget) {
    // The bills of the budget's account up to the end of the last month shown: a month's plan is net of them.
    const monthEnd = monthEndOf(end);
    const bills = input.payments.filter((p) => p.accountId === budget.accountId).flatMap((p) => paymentDays(p, today, monthEnd).map((day) => ({ day, amount: p.amount })));
    for (const [day, amount] of budgetSpending(budget, bills, today, end)) add(budget.accountId, day, -amount);
  }
  return input.accounts.map((a) => {
    const byDay = moves.get(a.id) as Map<number, number>;
    const points: ForecastPoint[] = [];
    let balance = a.balance;
    let firstBelowZero = balance < 0 ? today : undefined;
    for (let day = today + 1; day <= end; day++) {
      balance += byDay.get(day) ?? 0;
      points.push({ day, balance });
      if (firstBelowZero === undefined && balance < 0) firstBelowZero = day;
    }
    return { id: a.id, currency: a.currency, balance: a.balance, points, ...(firstBelowZero !== undefined ? { firstBelowZero } : {}) };
  });
}
