/**
 * Response-signing keys (C10): ES256 (P-256) key pairs. The public halves are published (`sign_keys` table,
 * GET {host_url}/sign-keys); the private halves live only in the OS keychain (`signKeySecretName(id)`) and,
 * once loaded, in this process's memory. No keychain ⇒ no signing (503 secret_store_unavailable).
 */
import { createPrivateKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type { EngineContext } from '../context';
import { ApiError, secretStoreUnavailable } from '../http/errors';
import { signKeySecretName } from '../secrets/secret-names';

export interface SignKeyRow {
  id: string;
  public_key: string;
  creation_date: number;
  deprecated: number | null;
}

/** The signing-key resource of interface.md: `deprecated` is an ISO 8601 date-time, or null while current. */
export interface SignKeyRecord {
  id: string;
  public_key: string;
  deprecated: string | null;
}

export interface CurrentSignKey {
  id: string;
  privateKey: KeyObject;
}

export const signKeyRecord = (row: SignKeyRow): SignKeyRecord => ({
  id: row.id,
  public_key: row.public_key,
  deprecated: row.deprecated === null ? null : new Date(row.deprecated * 1000).toISOString(),
});

type Ctx = Pick<EngineContext, 'db' | 'secrets' | 'now' | 'log'>;

export class SignKeyStore {
  private current: CurrentSignKey | null = null;

  constructor(private readonly ctx: Ctx) {}

  /** Every key, oldest first. */
  list(): SignKeyRow[] {
    return this.ctx.db.prepare<[], SignKeyRow>('SELECT * FROM sign_keys ORDER BY creation_date, rowid').all();
  }

  find(id: string): SignKeyRow | undefined {
    return this.ctx.db.prepare<[string], SignKeyRow>('SELECT * FROM sign_keys WHERE id = ?').get(id);
  }

  /**
   * The key to sign with: the newest non-deprecated key, its private half read from the keychain once. Makes
   * the first key when there is none; a key whose private half the keychain lost is deprecated and replaced.
   * Throws the 503 ApiError when no keychain is available.
   */
  signingKey(): CurrentSignKey {
    if (this.current) return this.current;
    this.ctx.secrets.assertAvailable();
    const row = this.ctx.db
      .prepare<[], SignKeyRow>(
        'SELECT * FROM sign_keys WHERE deprecated IS NULL ORDER BY creation_date DESC, rowid DESC LIMIT 1',
      )
      .get();
    if (row) {
      const pem = this.readSecret(row.id);
      if (pem) {
        this.current = { id: row.id, privateKey: createPrivateKey(pem) };
        return this.current;
      }
      this.ctx.log.warn({ key_id: row.id }, 'the private half of the signing key is not in the keychain: rotating');
    }
    this.rotate();
    return this.current!;
  }

  /**
   * Makes a new key and deprecates every other one (deprecated = now); their private halves are removed from
   * the keychain, since signatures made with them must not be trusted any more. Returns the new key.
   */
  rotate(): SignKeyRow {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = `sk_${randomBytes(12).toString('base64url')}`;
    const now = this.ctx.now();
    // The keychain first: no keychain, no new key (and the old one stays current).
    try {
      this.ctx.secrets.set(signKeySecretName(id), privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw secretStoreUnavailable((err as Error).message);
    }
    const row: SignKeyRow = {
      id,
      public_key: publicKey.export({ type: 'spki', format: 'pem' }) as string,
      creation_date: now,
      deprecated: null,
    };
    const retired = this.ctx.db.transaction(() => {
      const ids = this.ctx.db.prepare<[], string>('SELECT id FROM sign_keys WHERE deprecated IS NULL').pluck().all();
      this.ctx.db.prepare('UPDATE sign_keys SET deprecated = ? WHERE deprecated IS NULL').run(now);
      this.ctx.db
        .prepare('INSERT INTO sign_keys (id, public_key, creation_date, deprecated) VALUES (?, ?, ?, NULL)')
        .run(row.id, row.public_key, row.creation_date);
      return ids;
    })();
    for (const old of retired) this.ctx.secrets.delete(signKeySecretName(old));
    this.current = { id, privateKey };
    return row;
  }

  private readSecret(id: string): string | null {
    try {
      return this.ctx.secrets.get(signKeySecretName(id));
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw secretStoreUnavailable((err as Error).message);
    }
  }
}

const stores = new WeakMap<object, SignKeyStore>();

/** The engine's one store (its cache of the private key must be shared by the hook and the rotation route). */
export function signKeyStore(ctx: Ctx): SignKeyStore {
  let store = stores.get(ctx.db);
  if (!store) {
    store = new SignKeyStore(ctx);
    stores.set(ctx.db, store);
  }
  return store;
}

/** StartupStep: the first signing key is made at first start (when a keychain is there; else at first use). */
export function ensureSigningKey(ctx: EngineContext): void {
  if (!ctx.secrets.isAvailable()) {
    ctx.log.warn('no OS keychain: signed responses (sign_response=true) will answer 503 until one is available');
    return;
  }
  try {
    signKeyStore(ctx).signingKey();
  } catch (err) {
    ctx.log.warn({ err }, 'could not prepare the response-signing key');
  }
}
