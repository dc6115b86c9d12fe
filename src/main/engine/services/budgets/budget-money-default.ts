/**
 * The budget's money until exchange rates are kept: the reporting currency is the person's
 * `reporting_currency` property, else the currency holding the largest part of their everyday accounts'
 * balances (EUR when they hold none); only amounts already in it are counted (no rate is ever assumed).
 */
import type { Store } from '../../store';
import type { BudgetMoney } from './budget-money';

export function sameCurrencyMoney(store: Pick<Store, 'users' | 'budgets'>, now: () => number): BudgetMoney {
  return {
    reportingCurrency(userId) {
      const chosen = store.users.properties(userId).reporting_currency;
      if (chosen && /^[A-Z]{3}$/.test(chosen)) return chosen;
      const held = new Map<string, number>();
      for (const f of store.budgets.fundsAt(userId, now() + 1)) held.set(f.currency, (held.get(f.currency) ?? 0) + Math.abs(f.balance));
      let best = 'EUR';
      let most = -1;
      for (const [currency, total] of held) if (total > most) [best, most] = [currency, total];
      return best;
    },
    rate: (_userId, from, to) => (from === to ? 1 : undefined),
  };
}
