/**
 * The keychain entry of a channel (`channel/<id>`), its one owner: a JSON object of the channel's credential
 * values (EMBEDDED), or for a REDIRECT channel first `{AUTHORIZATION_CODE, STATE}` as the client posted them,
 * then — once a run exchanged the code — `{grant}` with the provider's tokens (the spent code is not kept).
 * Anything else (not JSON, not an object) is an unreadable entry.
 */
import type { ConsentGrant } from '../connectors/types';
import { channelSecretName } from '../secrets/secret-names';

/** The keychain operations this module needs (the engine's SecretStore). */
export interface ChannelSecretKeychain {
  get(name: string): string | null;
  set(name: string, value: string): void;
  delete(name: string): void;
}

export type StoredSecret = Record<string, unknown>;

export { channelSecretName };

/** The entry's value, or undefined when it is not a JSON object. */
export function parseChannelSecret(text: string): StoredSecret | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as StoredSecret;
  } catch {
    // unreadable
  }
  return undefined;
}

/** Plain string values (EMBEDDED credentials; the REDIRECT code and state before the exchange). */
export function credentialValues(secret: StoredSecret): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(secret)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** The provider's tokens kept after a REDIRECT exchange, when the entry holds well-formed ones. */
export function storedGrant(secret: StoredSecret): ConsentGrant | undefined {
  const g = secret.grant as ConsentGrant | undefined;
  if (g && typeof g === 'object' && typeof g.access_token === 'string' && typeof g.expires === 'number') return g;
  return undefined;
}

/** The authorization code posted for a REDIRECT channel and not yet exchanged. */
export function pendingCode(secret: StoredSecret): string | undefined {
  const code = secret.AUTHORIZATION_CODE;
  return typeof code === 'string' && code !== '' ? code : undefined;
}

/** The string values kept for a channel, or undefined when there is no readable entry. */
export function readChannelCredentials(keychain: ChannelSecretKeychain, channelId: number): Record<string, string> | undefined {
  const text = keychain.get(channelSecretName(channelId));
  if (!text) return undefined;
  const secret = parseChannelSecret(text);
  return secret ? credentialValues(secret) : undefined;
}

/** Replaces the channel's entry with these credential values. */
export function writeChannelCredentials(keychain: ChannelSecretKeychain, channelId: number, values: Record<string, string>): void {
  keychain.set(channelSecretName(channelId), JSON.stringify(values));
}

/** Replaces the channel's entry with the provider's tokens (the exchanged code is dropped). */
export function writeChannelGrant(keychain: ChannelSecretKeychain, channelId: number, grant: ConsentGrant): void {
  keychain.set(channelSecretName(channelId), JSON.stringify({ grant }));
}

export function deleteChannelSecret(keychain: ChannelSecretKeychain, channelId: number): void {
  keychain.delete(channelSecretName(channelId));
}
