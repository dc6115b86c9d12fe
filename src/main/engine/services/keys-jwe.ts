import { compactDecrypt, decodeProtectedHeader } from 'jose';
import { InvalidCredentialsEncryption, KeyExpired } from '../domain/errors';
import type { EncryptionKeyStore } from './keys';

/** header.encrypted_key.iv.ciphertext.tag (the ciphertext of an empty value is empty). */
const COMPACT_JWE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+$/;

const invalidEncryption = (credentialId: string, why: string) =>
  new InvalidCredentialsEncryption(`credential ${credentialId}: ${why}`);

/**
 * Decrypts one credential value sent as a compact JWE (docs/api/request-bodies.md#credentials: `alg` RSA-OAEP-256,
 * `enc` A256GCM, `kid` = the id of a key from POST /keys). Errors name the credential, never its value: an expired key
 * of the caller → KeyExpired (400 key_expired); anything else (not a JWE, unknown or another user's key, wrong
 * algorithms, a value that does not decrypt) → InvalidCredentialsEncryption (400 invalid_credentials_encryption).
 */
export async function decryptCredentialValue(
  keys: EncryptionKeyStore,
  userId: number,
  credentialId: string,
  value: string,
  keyId: string | undefined,
): Promise<string> {
  if (!COMPACT_JWE.test(value)) {
    throw invalidEncryption(credentialId, 'the value must be encrypted as a compact JWE with a key from POST /keys');
  }
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(value);
  } catch {
    throw invalidEncryption(credentialId, 'the JWE header cannot be read');
  }
  if (header.alg !== 'RSA-OAEP-256' || header.enc !== 'A256GCM') {
    throw invalidEncryption(credentialId, 'the JWE must use alg RSA-OAEP-256 and enc A256GCM');
  }
  const kid = typeof header.kid === 'string' ? header.kid : undefined;
  if (kid !== undefined && keyId !== undefined && kid !== keyId) {
    throw invalidEncryption(credentialId, 'the JWE kid is not the key_id of the request');
  }
  const id = kid ?? keyId;
  if (id === undefined) throw invalidEncryption(credentialId, 'no key named: give key_id or a JWE kid');
  const lookup = keys.privateKey(userId, id);
  if (lookup.status === 'expired') {
    throw new KeyExpired(`the encryption key ${id} has expired; create a new one with POST /keys`);
  }
  if (lookup.status === 'unknown') throw invalidEncryption(credentialId, `unknown encryption key ${id}`);
  try {
    const { plaintext } = await compactDecrypt(value, lookup.key, {
      keyManagementAlgorithms: ['RSA-OAEP-256'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    return new TextDecoder('utf-8', { fatal: true }).decode(plaintext);
  } catch {
    throw invalidEncryption(credentialId, 'the value does not decrypt with the named key');
  }
}
