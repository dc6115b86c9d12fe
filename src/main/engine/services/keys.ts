import { generateKeyPair, randomBytes, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import type { KeyStore } from '../store/keys';

const generateRsa = promisify(generateKeyPair);

/** Encryption keys live 15 minutes (docs/api/records.md#encryption-key). */
export const KEY_LIFETIME_SECONDS = 15 * 60;
export const KEY_ALGORITHM = 'RSA-OAEP-256';

/** The Encryption key record (docs/api/records.md#encryption-key). */
export interface EncryptionKeyRecord {
  id: string;
  algorithm: typeof KEY_ALGORITHM;
  public_key: string;
  jwk: Record<string, unknown>;
  creation_date: number;
  expires: number;
}

export type PrivateKeyLookup =
  | { status: 'ok'; key: KeyObject }
  | { status: 'expired' }
  /** Unknown, another user's, or made before the engine restarted (its private half is gone). */
  | { status: 'unknown' };

/**
 * Transport keys for credential values (see docs/api/records.md#encryption-key and docs/api/request-bodies.md#keys).
 * The public half is in the `encryption_keys` table (GET /keys/{id}); the private half only in this process's memory,
 * so a key made before a restart can no longer decrypt anything (its rows are purged at start).
 */
export class EncryptionKeyStore {
  private readonly privateKeys = new Map<string, { userId: number; key: KeyObject | null; expires: number }>();

  constructor(
    private readonly rows: KeyStore,
    private readonly now: () => number,
  ) {}

  async create(userId: number): Promise<EncryptionKeyRecord> {
    const { publicKey, privateKey } = await generateRsa('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
    const id = randomBytes(12).toString('hex');
    const creation_date = this.now();
    const expires = creation_date + KEY_LIFETIME_SECONDS;
    const jwk = { ...publicKey.export({ format: 'jwk' }), kid: id, alg: KEY_ALGORITHM, use: 'enc' };
    const public_key = publicKey.export({ format: 'pem', type: 'spki' }).toString();
    this.purge();
    this.rows.insert({ id, user_id: userId, public_key, jwk: JSON.stringify(jwk), creation_date, expires });
    this.privateKeys.set(id, { userId, key: privateKey, expires });
    return { id, algorithm: KEY_ALGORITHM, public_key, jwk, creation_date, expires };
  }

  /** The caller's key record (also once expired, until purged), or undefined. */
  get(userId: number, id: string): EncryptionKeyRecord | undefined {
    const row = this.rows.findOwned(userId, id);
    if (!row) return undefined;
    return {
      id: row.id,
      algorithm: KEY_ALGORITHM,
      public_key: row.public_key,
      jwk: JSON.parse(row.jwk),
      creation_date: row.creation_date,
      expires: row.expires,
    };
  }

  /** The private half for decrypting a value sent by `userId`. Another user's key is "unknown" (never revealed). */
  privateKey(userId: number, id: string): PrivateKeyLookup {
    const entry = this.privateKeys.get(id);
    if (!entry || entry.userId !== userId) return { status: 'unknown' };
    if (entry.expires <= this.now() || !entry.key) return { status: 'expired' };
    return { status: 'ok', key: entry.key };
  }

  /**
   * Drops the private halves of expired keys, and forgets the keys a day after they expired (until then an
   * expired key still answers GET /keys/{id} and `key_expired`, so a client can tell what happened).
   */
  purge(): void {
    const now = this.now();
    for (const [id, entry] of this.privateKeys) {
      if (entry.expires + 86_400 <= now) this.privateKeys.delete(id);
      else if (entry.expires <= now) entry.key = null;
    }
    this.rows.deleteExpiredBefore(now - 86_400);
  }
}

/** StartupStep: keys made before this start cannot decrypt anything any more (their private halves are gone). */
export function purgeEncryptionKeys(ctx: { store: { keys: KeyStore } }): void {
  ctx.store.keys.deleteAll();
}
