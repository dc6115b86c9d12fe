import { api } from './client';
import type { User } from './types';

export const usersApi = {
  me: () => api.get<User>('/users/me'),
  acceptTerms: () => api.post('/users/me/terms', undefined, { json: undefined }),
  update: (patch: Partial<Pick<User, 'first_name' | 'last_name'>>) => api.put('/users/me', patch),
  /** Removes the person and everything they own (connections, accounts, transactions, keychain entries, tokens). */
  deleteMe: () => api.del('/users/me'),
  /** Extension PUT /users/me/password: other sessions end, this one stays. */
  changePassword: (currentPassword: string, newPassword: string) =>
    api.put('/users/me/password', { current_password: currentPassword, new_password: newPassword }),
};
