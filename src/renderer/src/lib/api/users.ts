import type { ImportAnswer } from '../../../core/api/generated/openapi-types';
import { api, request } from './client';
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
  /** Extension GET /users/me/export: everything the person made, as the text of a coffer-export document. */
  exportMe: async (): Promise<string> => {
    const data = await api.get<unknown>('/users/me/export');
    return typeof data === 'string' ? data : JSON.stringify(data);
  },
  /** Extension POST /users/me/import of a file made by exportMe, into a profile with no data yet. */
  importMe: (file: Blob) =>
    request<ImportAnswer>('POST', '/users/me/import', { rawBody: file, contentType: 'application/json' }).then((r) => r.data),
};
