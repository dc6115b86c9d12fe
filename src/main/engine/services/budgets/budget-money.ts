/**
 * How a budget reads money in several currencies: the person's reporting currency, and the rate of a
 * currency on a day (none when no rate is known: the amount is then left out and its currency said,
 * never taken at 1:1).
 * The engine hands the budget service the rates held (held-rates-money.ts).
 */
export interface BudgetMoney {
  reportingCurrency(userId: number): string;
  /** The rate from → to on a UTC day (days since 1970), or undefined when none is known. */
  rate(userId: number, from: string, to: string, day: number): number | undefined;
}
