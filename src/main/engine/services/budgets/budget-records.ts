/** The budget's records as the API sends them (amounts as numbers with at most two decimals). */
export type BudgetStyle = 'ENVELOPE' | 'TRACKING';

export interface BudgetRecord {
  style: BudgetStyle;
  currency: string;
  start_month: string;
  creation_date: number;
}

export type TargetRecord =
  | { kind: 'MONTHLY'; amount: number }
  | { kind: 'BY_DATE'; amount: number; month: string }
  | { kind: 'AVERAGE'; months: 3 | 6 | 12 };

export interface BudgetCategoryRecord {
  category_id: string;
  carry_surplus: boolean;
  carry_deficit: boolean;
  target?: TargetRecord;
}

export interface BudgetLineRecord extends BudgetCategoryRecord {
  label: string;
  carry_in: number;
  assigned: number;
  spent: number;
  available: number;
  /** What the target asks for this month, and what is still to assign for it. */
  target_amount?: number;
  target_needed?: number;
}

export interface BudgetGroupRecord {
  id: string;
  label: string;
  assigned: number;
  spent: number;
  available: number;
  categories: BudgetLineRecord[];
}

export interface BudgetMonthRecord {
  month: string;
  style: BudgetStyle;
  currency: string;
  income: number;
  from_last_month: number;
  to_assign: number;
  assigned: number;
  spent: number;
  available: number;
  groups: BudgetGroupRecord[];
  missing_rates: string[];
}
