/**
 * A channel's secret in the keychain (`channel/<id>`): a JSON object of its credential values (EMBEDDED),
 * or for a REDIRECT channel first `{AUTHORIZATION_CODE, STATE}` as the client posted them, then — once the
 * run exchanged the code — `{grant}` with the provider's tokens (the spent code is not kept).
 */
import type { ConsentGrant } from '../connectors/types';
import type { EngineContext } from '../context';
import { channelSecretName } from '../secrets/secret-names';
import { ChannelPrecondition } from './run-errors';

export type StoredSecret = Record<string, unknown>;

export function readChannelSecret(ctx: EngineContext, channelId: number): StoredSecret {
  let text: string | null;
  try {
    text = ctx.secrets.get(channelSecretName(channelId));
  } catch {
    throw new ChannelPrecondition('NEEDS_SECRET', 'the OS keychain is not available to read the credentials');
  }
  if (!text)
    throw new ChannelPrecondition('NEEDS_SECRET', 'the credentials of this channel are missing from the keychain');
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as StoredSecret;
  } catch {
    // fall through
  }
  throw new ChannelPrecondition('NEEDS_SECRET', 'the credentials kept for this channel are unreadable');
}

/** Plain string values (EMBEDDED credentials). */
export function credentialValues(secret: StoredSecret): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(secret)) if (typeof v === 'string') out[k] = v;
  return out;
}

export function storedGrant(secret: StoredSecret): ConsentGrant | undefined {
  const g = secret.grant as ConsentGrant | undefined;
  if (g && typeof g === 'object' && typeof g.access_token === 'string' && typeof g.expires === 'number') return g;
  return undefined;
}

export function pendingCode(secret: StoredSecret): string | undefined {
  const code = secret.AUTHORIZATION_CODE;
  return typeof code === 'string' && code !== '' ? code : undefined;
}

export function storeGrant(ctx: EngineContext, channelId: number, grant: ConsentGrant): void {
  ctx.secrets.set(channelSecretName(channelId), JSON.stringify({ grant }));
}
