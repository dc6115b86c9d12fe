/**
 * The budget's money from the rates held: the reporting currency as /summary chooses it (the person's
 * `reporting_currency`, else the currency holding most of their counted balances), and each day's rate
 * (the person's own, else the ECB's through the euro, the last earlier day's when that day has none).
 */
import { dayOf, findRate } from '../../domain/fx-rates';
import type { Store } from '../../store';
import { rateLookups } from '../../store/fx-rate-lookups';
import { reportingCurrency } from '../fx-rates/summary';
import type { BudgetMoney } from './budget-money';

const DAY = 86_400;

export function heldRatesMoney(store: Pick<Store, 'fxRates' | 'summaryBalances' | 'users'>, now: () => number): BudgetMoney {
  return {
    reportingCurrency: (userId) => reportingCurrency(store, userId, dayOf(now()), now()),
    rate: (userId, from, to, day) => findRate(rateLookups(store, userId), from, to, dayOf(day * DAY))?.rate,
  };
}
