/**
 * Consent links (REDIRECT channels): the address `authorize_url` hands out carries its own parameters
 * (provider, channel definition, redirect_uri, state) signed with a key held in the engine's memory and an
 * expiry, so the consent page only ever redirects to a redirect_uri an API caller asked for (no open
 * redirect), and only for a while. A link made before a restart no longer opens: the user starts again.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a consent link stays usable. */
export const CONSENT_LINK_LIFETIME = 60 * 60;

export interface ConsentLinkParams {
  providerId: string;
  channelDefinitionId: string;
  redirectUri: string;
  state: string;
  expires: number;
}

/** One per engine: the key lives in that engine's memory only (another engine's links do not open here). */
export class ConsentLinks {
  private readonly key = randomBytes(32);

  private mac(p: ConsentLinkParams): string {
    return createHmac('sha256', this.key)
      .update([p.providerId, p.channelDefinitionId, p.redirectUri, p.state, String(p.expires)].join('\u0000'))
      .digest('base64url');
  }

  /** The signature to put in the link (`sig`). */
  sign(p: ConsentLinkParams): string {
    return this.mac(p);
  }

  verify(p: ConsentLinkParams, sig: string | undefined, now: number): 'ok' | 'expired' | 'invalid' {
    if (!sig) return 'invalid';
    const expected = Buffer.from(this.mac(p));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    return now > p.expires ? 'expired' : 'ok';
  }
}

/** `redirect_uri` with the answer's parameters added (its own query kept). */
export function redirectWith(redirectUri: string, params: Record<string, string>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

/** A redirect_uri the consent page may send the user back to: an absolute http(s) URL without a fragment. */
export function isAcceptableRedirectUri(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hash === '' && !url.username && !url.password;
  } catch {
    return false;
  }
}
