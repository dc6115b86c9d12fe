import { api } from './client';
import type { AuthorizeUrl, Provider } from './types';

export const providersApi = {
  all: () => api.get<Provider[]>('/providers', { query: { pagination: false } }),
  get: (id: string) => api.get<Provider>(`/providers/${encodeURIComponent(id)}`),
  authorizeUrl: (
    providerId: string,
    channelDefinitionId: string,
    body: { redirect_uri: string; state?: string; connection_id?: string },
  ) =>
    api
      .post<AuthorizeUrl>(
        `/providers/${encodeURIComponent(providerId)}/channel_definitions/${encodeURIComponent(channelDefinitionId)}/authorize_url`,
        body,
      )
      .then((r) => r.data),
};
