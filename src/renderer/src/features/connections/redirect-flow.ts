import { providersApi, randomString } from '../../lib/api';
import { KV, kv } from '../../lib/db';

/** What the app remembers while the user is on the bank's consent page (REDIRECT channels). */
export interface PendingConnect {
  state: string;
  providerId: string;
  channelDefinitionId: string;
  /** Renewal or added channel of an existing connection. */
  connectionId?: string;
  name?: string;
  autoSync?: boolean;
  consentPerAccount?: boolean;
  created: number;
}

export const connectCallbackUri = () => `${window.location.origin}/connect-callback`;

/** Asks the engine for the provider's consent URL and sends the browser there. */
export async function startRedirect(pending: Omit<PendingConnect, 'state' | 'created'>): Promise<void> {
  const state = randomString(16);
  const answer = await providersApi.authorizeUrl(pending.providerId, pending.channelDefinitionId, {
    redirect_uri: connectCallbackUri(),
    state,
    ...(pending.connectionId ? { connection_id: pending.connectionId } : {}),
  });
  await kv.set(KV.pendingConnect, {
    ...pending,
    state: answer.state ?? state,
    created: Date.now(),
  } satisfies PendingConnect);
  window.location.assign(answer.url);
}
