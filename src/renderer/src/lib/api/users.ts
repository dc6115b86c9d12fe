import { api } from './client';
import type { User } from './types';

export const usersApi = {
  me: () => api.get<User>('/users/me'),
  acceptTerms: () => api.post('/users/me/terms', undefined, { json: undefined }),
  update: (patch: Partial<Pick<User, 'first_name' | 'last_name'>>) => api.put('/users/me', patch),
};
