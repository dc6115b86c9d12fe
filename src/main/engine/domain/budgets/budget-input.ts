/**
 * The rules a budget's inputs follow: amounts in the budget's currency with no more decimals than it has,
 * within a trillion; targets complete for their kind and never in a month that has passed.
 */
import { InvalidInput } from '../errors';
import { currencyExponent } from '../money';
import { monthText, parseMonth, type MonthIndex } from './month-key';
import { AVERAGE_SPANS, type Target } from './targets';

const LIMIT = 1e12;

/** A JSON number as minor units of the currency, or InvalidInput naming the field. */
export function amountToMinor(value: number, currency: string, field: string): number {
  const exponent = currencyExponent(currency);
  const scaled = value * 10 ** exponent;
  const minor = Math.round(scaled);
  if (!Number.isFinite(value) || Math.abs(value) >= LIMIT || Math.abs(scaled - minor) > 1e-6 * Math.max(1, Math.abs(scaled))) {
    throw new InvalidInput(`${field} must be an amount in ${currency} with at most ${exponent} decimals, below ${LIMIT.toExponential()}`);
  }
  return minor;
}

export function minorToAmount(minor: number, currency: string): number {
  return minor / 10 ** currencyExponent(currency);
}

/** A month given by the person, or InvalidInput. */
export function monthInput(text: string, field = 'month'): MonthIndex {
  const month = parseMonth(text);
  if (month === undefined) throw new InvalidInput(`${field} must be a month written YYYY-MM between 1999-01 and 2199-12, not «${text}»`);
  return month;
}

export interface TargetInput {
  kind: string;
  amount?: number;
  month?: string;
  months?: number;
}

/** The target a form sent, checked against the current month. */
export function targetFromInput(input: TargetInput, currency: string, currentMonth: MonthIndex): Target {
  switch (input.kind) {
    case 'MONTHLY':
      return { kind: 'MONTHLY', amount: positive(input.amount, currency) };
    case 'BY_DATE': {
      if (input.month === undefined) throw new InvalidInput('target.month is required for a BY_DATE target (the month to have the amount by, YYYY-MM)');
      const month = monthInput(input.month, 'target.month');
      if (month < currentMonth) throw new InvalidInput(`target.month ${input.month} has passed: choose ${monthText(currentMonth)} or later`);
      return { kind: 'BY_DATE', amount: positive(input.amount, currency), month };
    }
    case 'AVERAGE': {
      const span = AVERAGE_SPANS.find((n) => n === input.months);
      if (span === undefined) throw new InvalidInput('target.months must be 3, 6 or 12 for an AVERAGE target');
      return { kind: 'AVERAGE', months: span };
    }
    default:
      throw new InvalidInput('target.kind must be MONTHLY, BY_DATE or AVERAGE');
  }
}

function positive(amount: number | undefined, currency: string): number {
  if (amount === undefined) throw new InvalidInput('target.amount is required for this target');
  const minor = amountToMinor(amount, currency, 'target.amount');
  if (minor <= 0) throw new InvalidInput('target.amount must be more than 0');
  return minor;
}
