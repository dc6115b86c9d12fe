/**
 * Budget targets, set in a form (never a text language): an amount each month, an amount to have by a
 * month, or as much as was spent on average over the last 3, 6 or 12 months. For a month, a target gives
 * the amount it asks for and what is still to assign to meet it. Amounts are minor units.
 */
import type { MonthIndex } from './month-key';

export type Target =
  | { kind: 'MONTHLY'; amount: number }
  | { kind: 'BY_DATE'; amount: number; month: MonthIndex }
  | { kind: 'AVERAGE'; months: 3 | 6 | 12 };

export const AVERAGE_SPANS = [3, 6, 12] as const;

export interface TargetSituation {
  month: MonthIndex;
  /** What the category held from the months before (its carry-in). */
  carryIn: number;
  /** What is assigned to the category this month. */
  assigned: number;
  /** Spending of the months before, newest first (positive = spent), as many as known. */
  spentBefore: readonly number[];
}

/** The amount the target asks for this month, and what is still to assign for it (never below 0). */
export function targetForMonth(target: Target, s: TargetSituation): { amount: number; needed: number } {
  const amount = monthlyAmount(target, s);
  return { amount, needed: Math.max(0, amount - s.assigned) };
}

function monthlyAmount(target: Target, s: TargetSituation): number {
  switch (target.kind) {
    case 'MONTHLY':
      return target.amount;
    case 'BY_DATE': {
      // The total must be held at the end of the target month: what is missing, spread over the months left.
      if (s.month > target.month) return 0;
      const missing = target.amount - s.carryIn;
      return missing <= 0 ? 0 : Math.ceil(missing / (target.month - s.month + 1));
    }
    case 'AVERAGE': {
      const known = s.spentBefore.slice(0, target.months);
      if (known.length === 0) return 0;
      const total = known.reduce((a, b) => a + Math.max(0, b), 0);
      return Math.round(total / target.months);
    }
  }
}
