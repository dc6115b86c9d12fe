/**
 * The budget as the forecast counts it: on the person's main everyday account, what is still available this
 * month in spending categories (only what is left: an overspent category plans no more spending) and the
 * amounts assigned to later months, converted into that account's currency at today's rate. No budget, no
 * main account, or no rate between the two currencies: the forecast counts no budget (never at 1:1).
 */
import { monthOf, monthText, parseMonth } from '../../domain/budgets/month-key';
import type { ForecastBudget } from '../../domain/forecast/forecast';
import { currencyExponent } from '../../domain/money';
import type { Store } from '../../store';
import type { AccountRow } from '../../store/accounts';
import type { BudgetMoney } from '../budgets/budget-money';
import type { BudgetMonthRecord } from '../budgets/budget-records';

const DAY = 86_400;
/** How long back the account most used is looked for. */
const BUSY_LOOK_BACK_DAYS = 90;

export interface ForecastBudgetDeps {
  store: Pick<Store, 'budgets' | 'forecast'>;
  money: BudgetMoney;
  /** This month's budget figures (the budget service's). */
  budgetMonth(userId: number, month: string): BudgetMonthRecord;
}

/**
 * The person's main everyday account: among their personal everyday (CHECKINGS) accounts counted in totals,
 * the one with the most booked transactions over the last 90 days (the lowest id on a tie).
 */
export function mainEverydayAccount(deps: ForecastBudgetDeps, userId: number, accounts: readonly AccountRow[], now: number): AccountRow | undefined {
  const candidates = accounts.filter((a) => a.type === 'CHECKINGS' && a.usage === 'PERSONAL' && a.hidden_from_totals !== 1);
  // Most people have one everyday account: the history is read only to choose among several.
  if (candidates.length < 2) return candidates[0];
  const counts = deps.store.forecast.bookedCounts(userId, now - BUSY_LOOK_BACK_DAYS * DAY);
  let best = candidates[0] as AccountRow;
  for (const a of candidates) if ((counts.get(a.id) ?? 0) > (counts.get(best.id) ?? 0)) best = a;
  return best;
}

/** The budget's spending for the forecast, with the budget's currency; undefined when none is counted. */
export function forecastBudget(
  deps: ForecastBudgetDeps,
  userId: number,
  account: AccountRow | undefined,
  now: number,
): { budget: ForecastBudget; currency: string } | undefined {
  if (!account || !deps.store.budgets.get(userId)) return undefined;
  const month = monthOf(now);
  const figures = deps.budgetMonth(userId, monthText(month));
  const currency = figures.currency;
  const rate = currency === account.currency ? 1 : deps.money.rate(userId, currency, account.currency, Math.floor(now / DAY));
  if (rate === undefined) return undefined;
  const scale = 10 ** (currencyExponent(account.currency) - currencyExponent(currency));
  const toAccount = (budgetMinor: number) => Math.round(budgetMinor * rate * scale);
  let left = 0;
  for (const group of figures.groups) for (const line of group.categories) left += Math.max(0, line.available);
  const planned = new Map<number, number>();
  // Up to 13 months ahead: a forecast is at most 366 days long.
  for (const a of deps.store.budgets.assignments(userId, monthText(month + 1), monthText(month + 13))) {
    if (a.amount <= 0) continue;
    const m = parseMonth(a.month);
    if (m === undefined) continue;
    planned.set(m, (planned.get(m) ?? 0) + toAccount(a.amount));
  }
  const leftMinor = Math.round(left * 10 ** currencyExponent(currency));
  return { budget: { accountId: account.id, leftThisMonth: toAccount(leftMinor), plannedByMonth: planned }, currency };
}
