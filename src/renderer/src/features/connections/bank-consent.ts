import type { Provider } from '../../lib/api';
import { enableBankingApi } from '../../lib/api/enablebanking';
import { KV, kv } from '../../lib/db';
import { navigate } from '../../lib/router';
import { enableBankingRedirectUri, isEnableBankingProvider } from './enablebanking';
import { askConsentUrl, startRedirect, type PendingConnect } from './redirect-flow';

/** A consent that comes back to an address outside the app: the bank's page and where it will return. */
export interface PendingBankConsent extends PendingConnect {
  /** The bank's consent page (from authorize_url). */
  url: string;
  /** The registered redirect URL the bank returns to. */
  redirectUri: string;
  providerName: string;
}

export const BANK_CONSENT_PATH = '/connect-bank';

/** The redirect URL for an Enable Banking consent: read from the configured application when allowed. */
async function redirectUriForEnableBanking(): Promise<string> {
  try {
    return enableBankingRedirectUri(await enableBankingApi.get());
  } catch {
    // Not the owner (no admin token) or not readable now: the engine still checks the URL it gets.
    return enableBankingRedirectUri(null);
  }
}

/**
 * Starts a REDIRECT consent (new connection, added channel or renewal). Banks whose consent returns to the
 * app (the test bank) use the classic flow: the browser leaves for the bank and comes back to
 * /connect-callback. Banks through Enable Banking return to a registered URL outside the app: the app asks for
 * the consent address, keeps the attempt (state, redirect URL) and opens the consent screen, which opens the
 * bank in the desktop's consent window or offers "paste the address you landed on".
 */
export async function startConsent(
  provider: Pick<Provider, 'id' | 'name' | 'base_url'>,
  pending: Omit<PendingConnect, 'state' | 'created'>,
): Promise<void> {
  if (!isEnableBankingProvider(provider)) return startRedirect(pending);
  return startBankConsent(provider.name, pending);
}

/** Asks for the consent address of a bank through Enable Banking and opens the consent screen. */
export async function startBankConsent(
  providerName: string,
  pending: Omit<PendingConnect, 'state' | 'created'>,
): Promise<void> {
  const redirectUri = await redirectUriForEnableBanking();
  const { url, state } = await askConsentUrl(pending, redirectUri);
  await kv.set(KV.pendingConnect, {
    ...pending,
    state,
    created: Date.now(),
    url,
    redirectUri,
    providerName,
  } satisfies PendingBankConsent);
  navigate(BANK_CONSENT_PATH);
}

export async function readPendingBankConsent(): Promise<PendingBankConsent | null> {
  const pending = await kv.get<PendingBankConsent>(KV.pendingConnect);
  return pending && typeof pending.url === 'string' && typeof pending.redirectUri === 'string' ? pending : null;
}
