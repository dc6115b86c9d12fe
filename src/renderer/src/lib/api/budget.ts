import { api } from './client';
import type { Budget, BudgetCategory, BudgetMonth } from './types';

export type BudgetStyle = Budget['style'];
export type BudgetTarget = NonNullable<BudgetCategory['target']>;

/** Budgets (extension, docs/budgets.md): read with transactions_read, planned with transactions_manage. */
export const budgetApi = {
  /** 404 (ApiError not_found) until a budget is started. */
  get: () => api.get<Budget>('/budget'),
  start: (style: BudgetStyle) => api.put<Budget>('/budget', { style }),
  /** Labels in the app's language. */
  month: (month: string, language: string) =>
    api.get<BudgetMonth>(`/budget/months/${month}`, { headers: { 'accept-language': language } }),
  assign: (month: string, categoryId: string, amount: number) =>
    api.put(`/budget/months/${month}/categories/${encodeURIComponent(categoryId)}`, { amount }),
  copyPrevious: (month: string) => api.post<{ copied: number }>(`/budget/months/${month}/copy_previous`).then((r) => r.data),
  setCategory: (categoryId: string, settings: { carry_surplus?: boolean; carry_deficit?: boolean; target?: BudgetTarget | null }) =>
    api.put<BudgetCategory>(`/budget/categories/${encodeURIComponent(categoryId)}`, settings),
};
