/**
 * Credential values flagged `encrypt: true` are encrypted in the page, so they never travel in clear: a
 * compact JWE, RSA-OAEP-256 + A256GCM, `kid` = the id of a fresh key from POST /keys.
 */
import { CompactEncrypt, importJWK, importSPKI } from 'jose';
import { post } from './api';
import type { CredentialDefinition, EncryptionKey } from './types';

const ALG = 'RSA-OAEP-256';

export async function encryptValue(key: EncryptionKey, value: string): Promise<string> {
  const publicKey = key.jwk ? await importJWK({ ...key.jwk, alg: ALG }, ALG) : await importSPKI(key.public_key, ALG);
  return new CompactEncrypt(new TextEncoder().encode(value))
    .setProtectedHeader({ alg: ALG, enc: 'A256GCM', kid: key.id })
    .encrypt(publicKey);
}

export interface PreparedCredentials {
  key_id?: string;
  credentials: Array<{ id: string; value: string }>;
}

/** The values to send: the given ones only (empty fields are left out), encrypted where the definition says so. */
export async function prepareCredentials(
  definitions: readonly CredentialDefinition[],
  values: Record<string, string>,
): Promise<PreparedCredentials> {
  const used = definitions.filter((d) => (values[d.id] ?? '') !== '');
  const key = used.some((d) => d.encrypt) ? (await post<EncryptionKey>('/v2/keys', {})).data : null;
  const credentials = [];
  for (const d of used)
    credentials.push({ id: d.id, value: d.encrypt && key ? await encryptValue(key, values[d.id]) : values[d.id] });
  return { ...(key && { key_id: key.id }), credentials };
}
