import { api, listAll } from './client';
import type { MergeResult, Payee } from './types';

/** Payees (extension): display names over the bank's labels; read with transactions_read, changed with transactions_manage. */
export const payeesApi = {
  list: () => listAll<Payee>('/payees'),
  /** 409 (error body `id`: the other payee) when the name is taken. */
  create: (name: string) => api.post<Payee>('/payees', { name }).then((r) => r.data),
  rename: (id: string, name: string) => api.put(`/payees/${encodeURIComponent(id)}`, { name }),
  merge: (id: string, intoId: string) =>
    api.post<MergeResult>(`/payees/${encodeURIComponent(id)}/merge`, { into_id: intoId }).then((r) => r.data),
  remove: (id: string) => api.del(`/payees/${encodeURIComponent(id)}`),
};
