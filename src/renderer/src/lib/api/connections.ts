import { api, listAll, request } from './client';
import type { CredentialValue } from '../../../core/api/credential-encryption';
import type { ChallengeRequired, Connection, StatementFile } from './types';

export type { CredentialValue };

export interface NewConnection {
  provider_id: string;
  channel_definition_id?: string;
  key_id?: string;
  credentials: CredentialValue[];
  name?: string;
  auto_sync?: boolean;
  consent_per_account?: boolean;
}

const path = (id: string) => `/connections/${encodeURIComponent(id)}`;

export const connectionsApi = {
  list: () => listAll<Connection>('/connections'),
  get: (id: string) => api.get<Connection>(path(id)),
  /** 201 with Location /connections/<id>; the connection is already RUNNING (its first synchronization has started). */
  create: async (body: NewConnection) => {
    const res = await api.post<Connection | undefined>('/connections', body);
    const location = res.headers.get('location') ?? '';
    const id =
      res.data && typeof res.data === 'object' && 'id' in res.data ? res.data.id : (location.split('/').pop() ?? '');
    return { id, connection: res.data && typeof res.data === 'object' ? res.data : undefined };
  },
  rename: (id: string, name: string) => api.put(path(id), { name }),
  /** A statement file for a DOCUMENT connection (extension): 202, then the usual synchronization events. */
  uploadDocument: (id: string, file: File) =>
    request('POST', `${path(id)}/documents`, {
      query: { filename: file.name },
      rawBody: file,
      contentType: 'application/octet-stream',
    }),
  /** What became of each statement file of a DOCUMENT connection (extension; docs/statements.md). */
  documents: (id: string) => listAll<StatementFile>(`${path(id)}/documents`),
  /** The folder of a DOCUMENT connection in full, for its owner (extension: the record masks it). */
  documentFolder: (id: string) => api.get<{ folder?: string }>(`${path(id)}/document_folder`),
  remove: (id: string) => api.del(path(id)),
  updateCredentials: (
    id: string,
    body: { channel_definition_id: string; key_id?: string; credentials: CredentialValue[] },
  ) => api.put(`${path(id)}/credentials`, body),
  synchronize: (id: string, type: 'ALL' | 'LIST_ACCOUNTS' = 'ALL') =>
    api.post(`${path(id)}/synchronize`, undefined, {
      json: undefined,
      query: { type: type === 'ALL' ? undefined : type },
    }),
  synchronizeAll: () => api.post<Connection[]>('/connections/synchronize', undefined, { json: undefined }),
  answerChallenge: (
    id: string,
    body: { channel_definition_id?: string; key_id?: string; credentials: CredentialValue[] },
  ) => api.post(`${path(id)}/user_input`, body),
  cancelChallenge: (id: string) => api.post(`${path(id)}/user_input`, { cancel: true }),
  /**
   * The challenge a connection waits for, read from the engine (the route the user_input widget uses, with the
   * user's token): for a challenge whose CHALLENGE_REQUIRED event this tab never received. 404 when none.
   */
  pendingChallenge: (id: string, lng: string) =>
    api.get<{ channel_definition_id: string; challenge_required: ChallengeRequired }>(
      `/embed/widget/api/connections/${encodeURIComponent(id)}/challenge`,
      { base: 'root', query: { lng } },
    ),
  close: (id: string) => api.post(`${path(id)}/close`, undefined, { json: undefined }),
  reopen: (id: string) => api.post(`${path(id)}/reopen`, undefined, { json: undefined }),
};
