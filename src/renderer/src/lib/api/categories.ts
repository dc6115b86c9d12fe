import { api } from './client';
import type { Category } from './types';

export const categoriesApi = {
  /** Labels follow the Accept-Language the client sends (the app's language). */
  all: (language: string) =>
    api.get<Category[]>('/categories', { query: { limit: 500 }, headers: { 'accept-language': language } }),
};
