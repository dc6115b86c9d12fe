/**
 * A budget month's record: every spending category in the tree order of GET /categories, grouped under
 * its parent (a parent's own line only when money was assigned or spent there), with the group and month
 * totals. `spent` is what went out less refunds (positive = spent).
 */
import type { BudgetMonth, CategoryMonth } from '../../domain/budgets/budget-months';
import { minorToAmount } from '../../domain/budgets/budget-input';
import type { CarryChoice } from '../../domain/budgets/carry';
import { monthText } from '../../domain/budgets/month-key';
import { targetForMonth, type Target } from '../../domain/budgets/targets';
import type { CategoryRow } from '../../store/categories';
import type { BudgetGroupRecord, BudgetLineRecord, BudgetMonthRecord, BudgetRecord } from './budget-records';
import { targetRecord } from './category-settings';

export interface MonthRecordInput {
  budget: BudgetRecord;
  month: BudgetMonth;
  /** The planned categories, in tree order, labels in the person's language. */
  categories: readonly CategoryRow[];
  settings(categoryId: string): { carry: CarryChoice; target?: Target };
  spentBefore(categoryId: string): number[];
  missing: string[];
}

const ZERO: CategoryMonth = { carryIn: 0, assigned: 0, activity: 0, available: 0 };

export function monthRecord(input: MonthRecordInput): BudgetMonthRecord {
  const { budget, month } = input;
  const amount = (minor: number) => minorToAmount(minor, budget.currency);
  const groups = new Map<string, { label: string; lines: BudgetLineRecord[]; totals: CategoryMonth }>();
  const parents = new Set(input.categories.map((c) => c.parent_id).filter((p): p is string => p !== null));
  for (const c of input.categories) {
    const figures = month.categories.get(c.id) ?? ZERO;
    const { carry, target } = input.settings(c.id);
    const isParentLine = parents.has(c.id);
    if (isParentLine && figures === ZERO && !target) continue;
    const groupId = c.parent_id ?? c.id;
    let group = groups.get(groupId);
    if (!group) groups.set(groupId, (group = { label: c.parent_label ?? c.label, lines: [], totals: { ...ZERO } }));
    const line: BudgetLineRecord = {
      category_id: c.id,
      label: c.label,
      carry_surplus: carry.carrySurplus,
      carry_deficit: carry.carryDeficit,
      carry_in: amount(figures.carryIn),
      assigned: amount(figures.assigned),
      spent: amount(-figures.activity),
      available: amount(figures.available),
    };
    if (target) {
      const t = targetForMonth(target, { month: month.month, carryIn: figures.carryIn, assigned: figures.assigned, spentBefore: input.spentBefore(c.id) });
      Object.assign(line, { target: targetRecord(target, budget.currency), target_amount: amount(t.amount), target_needed: amount(t.needed) });
    }
    group.lines.push(line);
    for (const k of ['carryIn', 'assigned', 'activity', 'available'] as const) group.totals[k] += figures[k];
  }
  const total = { ...ZERO };
  const groupRecords: BudgetGroupRecord[] = [];
  for (const [id, g] of groups) {
    for (const k of ['carryIn', 'assigned', 'activity', 'available'] as const) total[k] += g.totals[k];
    groupRecords.push({ id, label: g.label, assigned: amount(g.totals.assigned), spent: amount(-g.totals.activity), available: amount(g.totals.available), categories: g.lines });
  }
  return {
    month: monthText(month.month),
    style: budget.style,
    currency: budget.currency,
    income: amount(month.income),
    from_last_month: amount(month.fromLastMonth),
    to_assign: amount(month.toAssign),
    assigned: amount(total.assigned),
    spent: amount(-total.activity),
    available: amount(total.available),
    groups: groupRecords,
    missing_rates: input.missing,
  };
}
