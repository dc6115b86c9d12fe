import { api } from './client';
import type { EncryptionKey } from './types';

export const keysApi = {
  /** POST /keys answers 201 with Location /keys/<id>; the body is the key when the engine sends it. */
  create: async (): Promise<EncryptionKey> => {
    const res = await api.post<EncryptionKey | undefined>('/keys', {});
    if (res.data && typeof res.data === 'object' && 'jwk' in res.data) return res.data;
    const id = (res.headers.get('location') ?? '').split('/').pop() ?? '';
    return api.get<EncryptionKey>(`/keys/${encodeURIComponent(id)}`);
  },
};
