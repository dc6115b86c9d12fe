/** A budget category's stored settings ↔ the domain's carry choice and target ↔ the API's record. */
import { minorToAmount } from '../../domain/budgets/budget-input';
import type { CarryChoice } from '../../domain/budgets/carry';
import { monthText, parseMonth } from '../../domain/budgets/month-key';
import type { Target } from '../../domain/budgets/targets';
import type { BudgetCategoryRow } from '../../store/budgets';
import type { BudgetCategoryRecord, TargetRecord } from './budget-records';

export function targetOf(row: BudgetCategoryRow): Target | undefined {
  switch (row.target_kind) {
    case 'MONTHLY':
      return { kind: 'MONTHLY', amount: row.target_amount ?? 0 };
    case 'BY_DATE': {
      const month = parseMonth(row.target_month ?? '');
      return month === undefined ? undefined : { kind: 'BY_DATE', amount: row.target_amount ?? 0, month };
    }
    case 'AVERAGE':
      return row.target_months === 3 || row.target_months === 6 || row.target_months === 12 ? { kind: 'AVERAGE', months: row.target_months } : undefined;
    default:
      return undefined;
  }
}

export function categoryRow(categoryId: string, s: CarryChoice & { target?: Target }): BudgetCategoryRow {
  const t = s.target;
  return {
    category_id: categoryId,
    carry_surplus: s.carrySurplus ? 1 : 0,
    carry_deficit: s.carryDeficit ? 1 : 0,
    target_kind: t?.kind ?? null,
    target_amount: t && t.kind !== 'AVERAGE' ? t.amount : null,
    target_month: t?.kind === 'BY_DATE' ? monthText(t.month) : null,
    target_months: t?.kind === 'AVERAGE' ? t.months : null,
  };
}

export function targetRecord(t: Target, currency: string): TargetRecord {
  switch (t.kind) {
    case 'MONTHLY':
      return { kind: 'MONTHLY', amount: minorToAmount(t.amount, currency) };
    case 'BY_DATE':
      return { kind: 'BY_DATE', amount: minorToAmount(t.amount, currency), month: monthText(t.month) };
    case 'AVERAGE':
      return { kind: 'AVERAGE', months: t.months };
  }
}

export function categoryRecord(row: BudgetCategoryRow, currency: string): BudgetCategoryRecord {
  const target = targetOf(row);
  return {
    category_id: row.category_id,
    carry_surplus: row.carry_surplus === 1,
    carry_deficit: row.carry_deficit === 1,
    ...(target ? { target: targetRecord(target, currency) } : {}),
  };
}
