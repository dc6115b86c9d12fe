import { api } from './client';
import type { AdminToken, AppStatus, AppTerms, OwnerSession } from './types';

/** The app's own routes (engine module app-session). */
export const appApi = {
  status: () => api.get<AppStatus>('/app/status', { auth: 'none' }),
  /** The same with the user's token: only then does the engine tell its data folder. */
  statusSignedIn: () => api.get<AppStatus>('/app/status'),
  terms: (lng: string) => api.get<AppTerms>('/app/terms', { auth: 'none', query: { lng } }),
  createOwner: (body: { email: string; password: string; first_name?: string; last_name?: string }) =>
    api.post<OwnerSession>('/app/owner', body, { auth: 'none' }).then((r) => r.data),
  /** Raw call with an explicit token (the session module uses it; it must not recurse into itself). */
  adminToken: (userToken: string) =>
    api
      .post<AdminToken>('/app/admin-token', {}, { auth: 'none', headers: { authorization: `Bearer ${userToken}` } })
      .then((r) => r.data),
};
