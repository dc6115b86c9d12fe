/**
 * Credential values flagged `encrypt: true` are encrypted in the page, so a password never travels in clear:
 * a compact JWE (RSA-OAEP-256 + A256GCM) whose `kid` is the id of a fresh key from POST /keys. Shared by the
 * app and the widget; each passes its own way of asking for that key.
 */
import type { CredentialDefinition, EncryptionKey } from './records';

const ALG = 'RSA-OAEP-256';

export interface CredentialValue {
  id: string;
  value: string;
}

/** Loads jose ahead of time (a credential form opened): the submit then never waits for it. */
export function preloadEncryption(): void {
  void import('jose').catch(() => undefined);
}

/** One value as a compact JWE for `key`. */
export async function encryptValue(key: EncryptionKey, value: string): Promise<string> {
  // jose is loaded only when a credential is encrypted: it stays out of the start-up bundle.
  const { CompactEncrypt, importJWK, importSPKI } = await import('jose');
  const publicKey = key.jwk ? await importJWK({ ...key.jwk, alg: ALG }, ALG) : await importSPKI(key.public_key, ALG);
  return new CompactEncrypt(new TextEncoder().encode(value))
    .setProtectedHeader({ alg: ALG, enc: 'A256GCM', kid: key.id })
    .encrypt(publicKey);
}

/**
 * The credential values to send: the given ones only (empty fields are left out), those whose definition
 * says `encrypt: true` encrypted with one fresh key (its id goes with them as `key_id`).
 */
export async function prepareCredentials(
  definitions: readonly CredentialDefinition[],
  values: Record<string, string>,
  createKey: () => Promise<EncryptionKey>,
): Promise<{ key_id?: string; credentials: CredentialValue[] }> {
  const used = definitions.filter((d) => (values[d.id] ?? '') !== '');
  const key = used.some((d) => d.encrypt) ? await createKey() : null;
  const credentials: CredentialValue[] = [];
  for (const d of used) {
    const value = values[d.id];
    credentials.push({ id: d.id, value: d.encrypt && key ? await encryptValue(key, value) : value });
  }
  return { ...(key && { key_id: key.id }), credentials };
}
