import { api } from './client';
import type { PersonalToken, UserScope } from './types';

/** Personal access tokens of the signed-in user (identity module). */
export const tokensApi = {
  list: () => api.get<PersonalToken[]>('/users/me/tokens'),
  create: (name: string, scopes: readonly UserScope[]) =>
    api
      .post<PersonalToken & { access_token?: string; value?: string }>('/users/me/tokens', { name, scopes })
      .then((r) => {
        const d = r.data;
        return { ...d, token: d.token ?? d.access_token ?? d.value };
      }),
  revoke: (id: string) => api.del(`/users/me/tokens/${encodeURIComponent(id)}`),
};
