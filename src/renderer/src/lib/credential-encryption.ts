import { keysApi, type CredentialDefinition, type CredentialValue, type EncryptionKey } from './api';

const ALG = 'RSA-OAEP-256';

/** Loads jose ahead of time (a credential form opened): the submit then never waits for it. */
export function preloadEncryption(): void {
  void import('jose').catch(() => undefined);
}

/**
 * Encrypts one credential value in the page, so the password never travels in clear: compact JWE,
 * RSA-OAEP-256 + A256GCM, kid = key id.
 */
export async function encryptValue(key: EncryptionKey, value: string): Promise<string> {
  // jose is loaded only when a credential is encrypted: it stays out of the start-up bundle.
  const { CompactEncrypt, importJWK, importSPKI } = await import('jose');
  const publicKey = key.jwk ? await importJWK({ ...key.jwk, alg: ALG }, ALG) : await importSPKI(key.public_key, ALG);
  return new CompactEncrypt(new TextEncoder().encode(value))
    .setProtectedHeader({ alg: ALG, enc: 'A256GCM', kid: key.id })
    .encrypt(publicKey);
}

/**
 * The credential values to send: those whose definition says `encrypt: true` are encrypted with a fresh key
 * from POST /keys (the key id goes with them). Plain values are sent as they are.
 */
export async function prepareCredentials(
  definitions: readonly CredentialDefinition[],
  values: Record<string, string>,
): Promise<{ key_id?: string; credentials: CredentialValue[] }> {
  const used = definitions.filter((d) => values[d.id] !== undefined && values[d.id] !== '');
  const needsKey = used.some((d) => d.encrypt);
  const key = needsKey ? await keysApi.create() : null;
  const credentials: CredentialValue[] = [];
  for (const d of used) {
    const value = values[d.id];
    credentials.push({ id: d.id, value: d.encrypt && key ? await encryptValue(key, value) : value });
  }
  return { key_id: key?.id, credentials };
}
