/**
 * The ONE owner of a channel's keychain entry (`channel/<id>`), its only reader and writer. The entry is a
 * JSON object:
 * - EMBEDDED channel: the credential values, `{<credential id>: "<value>", …}` (strings only);
 * - REDIRECT channel: first `{AUTHORIZATION_CODE, STATE}` as the client posted them, then — once a run
 *   exchanged the code — `{grant: {access_token, expires, accounts?, …}}` with the provider's tokens (the
 *   spent code is not kept).
 * Anything else (not JSON, not an object) is unreadable: the channel needs new credentials.
 */
import type { ConsentGrant } from '../connectors/types';
import { SecretRemovalRefused } from '../domain/errors';
import { channelSecretName } from '../secrets/secret-names';
import type { SecretStore } from '../secrets/secret-store';

export type StoredSecret = Record<string, unknown>;

export type SecretRead =
  | { kind: 'ok'; secret: StoredSecret }
  /** The keychain itself could not be reached. */
  | { kind: 'unavailable' }
  | { kind: 'missing' }
  | { kind: 'unreadable' };

type Keychain = Pick<SecretStore, 'get' | 'set' | 'delete'>;

/** Parses an entry's text; undefined when it is not a JSON object. */
export function parseChannelSecret(text: string): StoredSecret | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as StoredSecret;
  } catch {
    // not JSON
  }
  return undefined;
}

export function readChannelSecret(secrets: Pick<Keychain, 'get'>, channelId: number): SecretRead {
  let text: string | null;
  try {
    text = secrets.get(channelSecretName(channelId));
  } catch {
    return { kind: 'unavailable' };
  }
  if (!text) return { kind: 'missing' };
  const secret = parseChannelSecret(text);
  return secret ? { kind: 'ok', secret } : { kind: 'unreadable' };
}

/** The credential values kept for a channel (its string members), or undefined when none are readable. */
export function storedCredentialValues(secrets: Keychain, channelId: number): Record<string, string> | undefined {
  const read = readChannelSecret(secrets, channelId);
  return read.kind === 'ok' ? credentialValues(read.secret) : undefined;
}

/**
 * Keeps an EMBEDDED channel's credential values (or a REDIRECT channel's posted code and state). A new code
 * replacing a consent keeps the grant it replaces beside it (`replaced_grant`, never a credential value)
 * until a run has exchanged the code: the provider's old consent is closed then (docs/api/enablebanking.md#consent: a
 * renewed Enable Banking consent ends the old session rather than leave it open until it lapses).
 */
export function writeCredentialValues(secrets: Keychain, channelId: number, values: Record<string, string>): void {
  let replaced: ConsentGrant | undefined;
  if (typeof values.AUTHORIZATION_CODE === 'string') {
    const read = readChannelSecret(secrets, channelId);
    if (read.kind === 'ok') replaced = storedGrant(read.secret) ?? replacedGrant(read.secret);
  }
  secrets.set(channelSecretName(channelId), JSON.stringify(replaced ? { ...values, replaced_grant: replaced } : values));
}

/** The consent grant a pending code replaces (see writeCredentialValues), if any. */
export function replacedGrant(secret: StoredSecret): ConsentGrant | undefined {
  const g = secret.replaced_grant as ConsentGrant | undefined;
  if (g && typeof g === 'object' && typeof g.access_token === 'string' && typeof g.expires === 'number') return g;
  return undefined;
}

/** Replaces a REDIRECT channel's entry with the grant its code was exchanged for. */
export function writeGrant(secrets: Keychain, channelId: number, grant: ConsentGrant): void {
  secrets.set(channelSecretName(channelId), JSON.stringify({ grant }));
}

/**
 * Removes the channels' keychain entries. The entry of a channel that holds credentials (`has_secret`) is
 * read back: gone, or SecretRemovalRefused naming `what` (the keychain is locked or unreachable, or kept the
 * entry). Called before the rows that lead to the entries are deleted, so a refusal leaves everything as it
 * was and the person can try again. A channel without credentials is cleaned up as far as the keychain lets
 * (nothing of the person's is left if it cannot), so it never stands in the way of a deletion.
 */
export function removeChannelSecrets(
  secrets: Keychain,
  channels: readonly { id: number; has_secret: number }[],
  what: string,
): void {
  for (const { id, has_secret } of channels) {
    const name = channelSecretName(id);
    if (has_secret !== 1) {
      try {
        secrets.delete(name);
      } catch {
        // nothing of the person's was kept there
      }
      continue;
    }
    let kept: boolean;
    try {
      secrets.delete(name);
      kept = secrets.get(name) !== null;
    } catch (err) {
      throw new SecretRemovalRefused(what, (err as Error).message.slice(0, 200));
    }
    if (kept) throw new SecretRemovalRefused(what, 'the keychain kept the entry');
  }
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

/** The authorization code a client posted and no run has exchanged yet. */
export function pendingCode(secret: StoredSecret): string | undefined {
  const code = secret.AUTHORIZATION_CODE;
  return typeof code === 'string' && code !== '' ? code : undefined;
}
