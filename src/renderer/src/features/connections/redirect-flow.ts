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

/**
 * Asks the engine for the provider's consent URL, with a fresh `state` (the engine may choose its own: the one
 * it answers is the one to expect back).
 */
export async function askConsentUrl(
  pending: Omit<PendingConnect, 'state' | 'created'>,
  redirectUri: string,
): Promise<{ url: string; state: string }> {
  const state = randomString(16);
  const answer = await providersApi.authorizeUrl(pending.providerId, pending.channelDefinitionId, {
    redirect_uri: redirectUri,
    state,
    ...(pending.connectionId ? { connection_id: pending.connectionId } : {}),
  });
  return { url: answer.url, state: answer.state ?? state };
}

/** Asks the engine for the provider's consent URL and sends the browser there. */
export async function startRedirect(pending: Omit<PendingConnect, 'state' | 'created'>): Promise<void> {
  const { url, state } = await askConsentUrl(pending, connectCallbackUri());
  await kv.set(KV.pendingConnect, { ...pending, state, created: Date.now() } satisfies PendingConnect);
  window.location.assign(url);
}
