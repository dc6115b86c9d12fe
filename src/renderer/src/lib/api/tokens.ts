import { api } from './client';
import type { CreatedPersonalToken, PersonalToken, UserScope } from './types';

/** Personal access tokens of the signed-in user (identity module). */
export const tokensApi = {
  list: () => api.get<PersonalToken[]>('/users/me/tokens'),
  create: (name: string, scopes: readonly UserScope[]) =>
    api.post<CreatedPersonalToken>('/users/me/tokens', { name, scopes }).then((r) => r.data),
  revoke: (id: string) => api.del(`/users/me/tokens/${encodeURIComponent(id)}`),
};
