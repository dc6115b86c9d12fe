import type { BudgetTarget } from '../../lib/api';
import type { MessageKey } from '../../lib/i18n';
import { readAmount } from './amount-input';
import { currentMonth, isMonth } from './budget-month';

export type TargetKind = BudgetTarget['kind'] | 'NONE';

export interface TargetForm {
  kind: TargetKind;
  amount: string;
  month: string;
  months: '3' | '6' | '12';
}

export function formOf(target: BudgetTarget | undefined, lang: string): TargetForm {
  const amount = target && 'amount' in target && target.amount !== undefined ? target.amount.toLocaleString(lang, { useGrouping: false }) : '';
  return {
    kind: target?.kind ?? 'NONE',
    amount,
    month: target?.kind === 'BY_DATE' && target.month ? target.month : '',
    months: target?.kind === 'AVERAGE' && target.months ? (String(target.months) as TargetForm['months']) : '3',
  };
}

/** The target the form asks for (null: none), or the message of the field that is wrong. */
export function targetOfForm(form: TargetForm): { target: BudgetTarget | null } | { problem: MessageKey; field: 'amount' | 'month' } {
  if (form.kind === 'NONE') return { target: null };
  if (form.kind === 'AVERAGE') return { target: { kind: 'AVERAGE', months: Number(form.months) as 3 | 6 | 12 } };
  const amount = readAmount(form.amount);
  if (!(amount > 0)) return { problem: 'budget.notAmount', field: 'amount' };
  if (form.kind === 'MONTHLY') return { target: { kind: 'MONTHLY', amount } };
  if (!isMonth(form.month)) return { problem: 'budget.target.monthFormat', field: 'month' };
  if (form.month < currentMonth()) return { problem: 'budget.target.pastMonth', field: 'month' };
  return { target: { kind: 'BY_DATE', amount, month: form.month } };
}
