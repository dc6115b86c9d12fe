import { api, listAll } from './client';
import type { Account, AccountStatus } from './types';

export const accountsApi = {
  list: () => listAll<Account>('/accounts'),
  get: (id: string) => api.get<Account>(`/accounts/${encodeURIComponent(id)}`),
  update: (id: string, body: { name: string; status: AccountStatus }) =>
    api.put(`/accounts/${encodeURIComponent(id)}`, body),
  /** PUT /accounts/{id}/preferences (extension): keep the account out of totals, or not. */
  setPreferences: (id: string, preferences: { hidden_from_totals: boolean }) =>
    api.put(`/accounts/${encodeURIComponent(id)}/preferences`, preferences),
  remove: (id: string) => api.del(`/accounts/${encodeURIComponent(id)}`),
  /** Adds an account listed NEW by the connection's last LIST_ACCOUNTS result (only listed accounts can be added). */
  add: (connectionId: string, reference: string) => api.post('/accounts', { connection_id: connectionId, reference }),
  /**
   * Per-account consent (PSD2), what the manage-accounts widget does (extension, scope accounts_manage,
   * docs/local-api.md): `grant` PENDING_CONSENT accounts (they become ACTIVE and synchronize), `withdraw` shared ones,
   * `decline` waiting ones the person chose not to share (marked `consent_declined`, no longer waiting).
   */
  consent: (connectionId: string, body: { grant: string[]; withdraw: string[]; decline: string[] }) =>
    api
      .post<{ granted: string[]; withdrawn: string[] }>(
        `/embed/widget/api/connections/${encodeURIComponent(connectionId)}/consent`,
        body,
        { base: 'root' },
      )
      .then((r) => r.data),
};
