/**
 * The figures of budget months, month after month from the budget's first month, in one of two styles:
 * - ENVELOPE: money is assigned from what is available (the funds held when the budget started, then each
 *   month's income); a category's available = what it carried in + assigned + its activity (spending is
 *   negative); at the month's end each category's money carries over or goes back to the money to assign
 *   (carry.ts). The money to assign of a month = last month's money to assign + what came back to it +
 *   this month's income − this month's assignments.
 * - TRACKING: a planned amount per category and month; nothing carries; the money to assign is the
 *   month's income less what is planned.
 * Amounts are minor units of the budget's currency.
 */
import { carryOver, DEFAULT_CARRY, type CarryChoice } from './carry';
import type { MonthIndex } from './month-key';

export type BudgetStyle = 'ENVELOPE' | 'TRACKING';

export interface MonthInput {
  month: MonthIndex;
  /** Money that came in this month (transactions of income categories). */
  income: number;
  /** Assigned (envelope) or planned (tracking) per category. */
  assigned: ReadonlyMap<string, number>;
  /** The sum of the month's booked amounts per spending category (spending negative). */
  activity: ReadonlyMap<string, number>;
}

export interface CategoryMonth {
  carryIn: number;
  assigned: number;
  activity: number;
  available: number;
}

export interface BudgetMonth {
  month: MonthIndex;
  income: number;
  /** Money left to assign after this month's assignments (negative: more assigned than there is). */
  toAssign: number;
  /** Money that came back to the money to assign from last month (uncarried surpluses less deficits). */
  fromLastMonth: number;
  categories: Map<string, CategoryMonth>;
}

export interface BudgetInput {
  style: BudgetStyle;
  /** Funds held when the budget started (envelope style: the first month's money to assign before income). */
  startingFunds: number;
  /** Consecutive months from the budget's first month. */
  months: readonly MonthInput[];
  carry(categoryId: string): CarryChoice | undefined;
}

/** Every month of the input with its figures, in order. */
export function budgetMonths(input: BudgetInput): BudgetMonth[] {
  return input.style === 'TRACKING' ? input.months.map(trackingMonth) : envelopeMonths(input);
}

function trackingMonth(m: MonthInput): BudgetMonth {
  const categories = new Map<string, CategoryMonth>();
  for (const id of categoryIds(m, new Map())) {
    const assigned = m.assigned.get(id) ?? 0;
    const activity = m.activity.get(id) ?? 0;
    categories.set(id, { carryIn: 0, assigned, activity, available: assigned + activity });
  }
  return { month: m.month, income: m.income, toAssign: m.income - sum(m.assigned), fromLastMonth: 0, categories };
}

function envelopeMonths(input: BudgetInput): BudgetMonth[] {
  const out: BudgetMonth[] = [];
  let carried = new Map<string, number>();
  let toAssign = input.startingFunds;
  let fromLastMonth = 0;
  for (const m of input.months) {
    toAssign += fromLastMonth + m.income - sum(m.assigned);
    const categories = new Map<string, CategoryMonth>();
    const next = new Map<string, number>();
    let back = 0;
    for (const id of categoryIds(m, carried)) {
      const carryIn = carried.get(id) ?? 0;
      const assigned = m.assigned.get(id) ?? 0;
      const activity = m.activity.get(id) ?? 0;
      const available = carryIn + assigned + activity;
      categories.set(id, { carryIn, assigned, activity, available });
      const end = carryOver(available, input.carry(id) ?? DEFAULT_CARRY);
      if (end.carried !== 0) next.set(id, end.carried);
      back += end.toAssign;
    }
    out.push({ month: m.month, income: m.income, toAssign, fromLastMonth, categories });
    carried = next;
    fromLastMonth = back;
  }
  return out;
}

function categoryIds(m: MonthInput, carried: ReadonlyMap<string, number>): Set<string> {
  return new Set([...carried.keys(), ...m.assigned.keys(), ...m.activity.keys()]);
}

function sum(values: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const v of values.values()) total += v;
  return total;
}
