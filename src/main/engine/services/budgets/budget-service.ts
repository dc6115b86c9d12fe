/**
 * Budgets (docs/budgets.md): the person's budget (style, first month), per category the carry choice and
 * the target, the amounts assigned each month, and a month's figures computed from the history
 * (domain/budgets/). Amounts are in the reporting currency; other currencies at each day's rate.
 */
import { budgetMonths, type BudgetMonth } from '../../domain/budgets/budget-months';
import { amountToMinor, monthInput, targetFromInput, type TargetInput } from '../../domain/budgets/budget-input';
import { DEFAULT_CARRY, type CarryChoice } from '../../domain/budgets/carry';
import { monthOf, monthStart, monthText, type MonthIndex } from '../../domain/budgets/month-key';
import type { Target } from '../../domain/budgets/targets';
import { Conflict, InvalidInput, NotFound } from '../../domain/errors';
import type { Language } from '../../../../shared/language';
import type { Store } from '../../store';
import type { BudgetCategoryRow } from '../../store/budgets';
import type { BudgetMoney } from './budget-money';
import type { BudgetCategoryRecord, BudgetMonthRecord, BudgetRecord, BudgetStyle } from './budget-records';
import { categoryRecord, categoryRow, targetOf } from './category-settings';
import { monthRecord } from './month-record';
import { converterTo, monthSums } from './month-inputs';

const STYLES: readonly BudgetStyle[] = ['ENVELOPE', 'TRACKING'];
/** Categories a budget plans: spending ones (and "uncategorized"); income and transfers are not planned. */
const PLANNED_TYPES = new Set(['EXPENSE', 'OTHER']);
/** How far back an "as the last months" target looks. */
const LOOK_BACK = 12;

type Deps = { store: Pick<Store, 'budgets' | 'categories' | 'transaction'>; now(): number; money: BudgetMoney };

export function createBudgetService(deps: Deps) {
  const { store, money } = deps;
  const budgets = store.budgets;
  const currentMonth = () => monthOf(deps.now());

  function record(userId: number): BudgetRecord {
    const row = budgets.get(userId);
    if (!row) throw NotFound.of('budget (start one with PUT /budget)');
    return { style: row.style as BudgetStyle, currency: money.reportingCurrency(userId), start_month: row.start_month, creation_date: row.creation_date };
  }

  /** The budget's record, or Conflict: a budget must be started before amounts are set. */
  function started(userId: number): BudgetRecord {
    if (!budgets.get(userId)) throw new Conflict('no budget yet: start one with PUT /budget {"style": "ENVELOPE"} (or "TRACKING")');
    return record(userId);
  }

  /** A category a budget can plan, or NotFound/InvalidInput. */
  function plannedCategory(categoryId: string): void {
    const found = store.categories.list('en', {}).find((c) => c.id === categoryId);
    if (!found) throw NotFound.of('category', categoryId);
    if (!PLANNED_TYPES.has(found.type)) throw new InvalidInput(`category ${categoryId} is ${found.type.toLowerCase()}: a budget plans spending categories`);
  }

  function settings(userId: number): Map<string, BudgetCategoryRow> {
    return new Map(budgets.categories(userId).map((r) => [r.category_id, r]));
  }

  function figures(userId: number, budget: BudgetRecord, month: MonthIndex) {
    const rows = settings(userId);
    const start = monthInput(budget.start_month);
    const firstAssigned = budgets.firstAssignedMonth(userId);
    const first = Math.min(start, month, firstAssigned === undefined ? start : monthInput(firstAssigned));
    const from = Math.min(first, month - LOOK_BACK);
    const toBudget = converterTo(budget.currency, (currency, day) => money.rate(userId, currency, budget.currency, day));
    const activity = budgets.activity(userId, budget.currency, monthStart(from), monthStart(month + 1));
    const sums = monthSums(activity, budgets.assignments(userId, monthText(first), monthText(month)), first, month, toBudget);
    let startingFunds = 0;
    const startDay = Math.floor(monthStart(first) / 86400);
    for (const f of budgets.fundsAt(userId, monthStart(first))) {
      const converted = toBudget(f.balance, f.currency, startDay);
      if (converted === undefined) sums.missing.add(f.currency);
      else startingFunds += converted;
    }
    const carry = (id: string): CarryChoice | undefined => {
      const r = rows.get(id);
      return r ? { carrySurplus: r.carry_surplus === 1, carryDeficit: r.carry_deficit === 1 } : undefined;
    };
    const months = budgetMonths({ style: budget.style, startingFunds, months: sums.inputs, carry });
    return { month: months[months.length - 1] as BudgetMonth, rows, sums };
  }

  return {
    get: record,

    put(userId: number, input: { style: string; start_month?: string }): BudgetRecord {
      if (!STYLES.includes(input.style as BudgetStyle)) throw new InvalidInput('style must be ENVELOPE or TRACKING');
      const existing = budgets.get(userId);
      const start = input.start_month ?? existing?.start_month ?? monthText(currentMonth());
      monthInput(start, 'start_month');
      budgets.put(userId, input.style, start, existing?.creation_date ?? deps.now());
      return record(userId);
    },

    month(userId: number, monthTextIn: string, lang: Language): BudgetMonthRecord {
      const month = monthInput(monthTextIn);
      const budget = record(userId);
      const { month: figuresOfMonth, rows, sums } = figures(userId, budget, month);
      const spentBefore = (id: string) => {
        const out: number[] = [];
        for (let m = month - 1; m >= month - LOOK_BACK; m--) out.push(sums.spending.get(m)?.get(id) ?? 0);
        return out;
      };
      return monthRecord({
        budget,
        month: figuresOfMonth,
        categories: store.categories.list(lang, {}).filter((c) => PLANNED_TYPES.has(c.type)),
        settings: (id) => {
          const r = rows.get(id);
          return { carry: r ? { carrySurplus: r.carry_surplus === 1, carryDeficit: r.carry_deficit === 1 } : DEFAULT_CARRY, target: r ? targetOf(r) : undefined };
        },
        spentBefore,
        missing: [...sums.missing].sort(),
      });
    },

    assign(userId: number, monthTextIn: string, categoryId: string, amount: number): void {
      const month = monthInput(monthTextIn);
      const budget = started(userId);
      plannedCategory(categoryId);
      const minor = amountToMinor(amount, budget.currency, 'amount');
      if (budget.style === 'TRACKING' && minor < 0) throw new InvalidInput('amount must be 0 or more: a tracking budget plans what a category may spend');
      budgets.assign(userId, monthText(month), categoryId, minor);
    },

    /** Copies the previous month's amounts onto this month's categories that have none. */
    copyPrevious(userId: number, monthTextIn: string): { copied: number } {
      const month = monthInput(monthTextIn);
      started(userId);
      return store.transaction(() => {
        const previous = budgets.assignments(userId, monthText(month - 1), monthText(month - 1));
        const present = new Set(budgets.assignments(userId, monthText(month), monthText(month)).map((a) => a.category_id));
        let copied = 0;
        for (const a of previous) {
          if (present.has(a.category_id)) continue;
          budgets.assign(userId, monthText(month), a.category_id, a.amount);
          copied++;
        }
        return { copied };
      });
    },

    categories(userId: number): BudgetCategoryRecord[] {
      const budget = record(userId);
      return budgets.categories(userId).map((r) => categoryRecord(r, budget.currency));
    },

    putCategory(userId: number, categoryId: string, input: { carry_surplus?: boolean; carry_deficit?: boolean; target?: TargetInput | null }): BudgetCategoryRecord {
      const budget = started(userId);
      plannedCategory(categoryId);
      const before = settings(userId).get(categoryId);
      const target: Target | undefined =
        input.target === undefined ? (before ? targetOf(before) : undefined) : input.target === null ? undefined : targetFromInput(input.target, budget.currency, currentMonth());
      const row = categoryRow(categoryId, {
        carrySurplus: input.carry_surplus ?? (before ? before.carry_surplus === 1 : DEFAULT_CARRY.carrySurplus),
        carryDeficit: input.carry_deficit ?? (before ? before.carry_deficit === 1 : DEFAULT_CARRY.carryDeficit),
        target,
      });
      budgets.putCategory(userId, row);
      return categoryRecord(row, budget.currency);
    },
  };
}

export type BudgetService = ReturnType<typeof createBudgetService>;
