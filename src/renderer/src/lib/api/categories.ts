import { api } from './client';
import type { Category, MergeResult } from './types';

/** What PUT /categories/{id} changes of one of the person's own categories (fields left out stay). */
export interface OwnCategoryChange {
  label?: string;
  parent_id?: string;
  hidden?: boolean;
}

export const categoriesApi = {
  /** Labels follow the Accept-Language the client sends (the app's language); the person's own categories included. */
  all: (language: string) =>
    api.get<Category[]>('/categories', { query: { limit: 500 }, headers: { 'accept-language': language } }),
  /** A category of the person's own under a shipped top-level category; 409 (error body `id`) when the name is taken. */
  create: (category: { label: string; parent_id: string }, language: string) =>
    api.post<Category>('/categories', category, { headers: { 'accept-language': language } }).then((r) => r.data),
  update: (id: string, change: OwnCategoryChange) => api.put(`/categories/${encodeURIComponent(id)}`, change),
  /** Its transactions, learnt corrections and rules move to `intoId`, and it goes. */
  merge: (id: string, intoId: string) =>
    api.post<MergeResult>(`/categories/${encodeURIComponent(id)}/merge`, { into_id: intoId }).then((r) => r.data),
};
