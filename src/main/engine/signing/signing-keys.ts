/**
 * Response-signing keys: ES256 (P-256) key pairs. The public halves are published (store: sign-keys,
 * GET {host_url}/sign-keys); the private halves live only in the OS keychain (`signKeySecretName(id)`) and,
 * once loaded, in this engine's memory. No keychain ⇒ no signing (SecretStoreUnavailable).
 */
import { createPrivateKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { CompactSign } from 'jose';
import type { EngineBasics } from '../engine-basics';
import { DomainError, SecretStoreUnavailable } from '../domain/errors';
import { signKeySecretName } from '../secrets/secret-names';
import type { SignKeyRow, SignKeysStore } from '../store/sign-keys';

export type { SignKeyRow };

/** The signing-key resource: `deprecated` is an ISO 8601 date-time, or null while current. */
export interface SignKeyRecord {
  id: string;
  public_key: string;
  deprecated: string | null;
}

export interface CurrentSignKey {
  id: string;
  privateKey: KeyObject;
}

export interface SignedPayload {
  request_url: string;
  response_timestamp: number;
  response_payload: unknown;
}

export const signKeyRecord = (row: SignKeyRow): SignKeyRecord => ({
  id: row.id,
  public_key: row.public_key,
  deprecated: row.deprecated === null ? null : new Date(row.deprecated * 1000).toISOString(),
});

type Deps = Pick<EngineBasics, 'secrets' | 'now' | 'log' | 'urls'>;

const encoder = new TextEncoder();

/** A keychain failure that is not already a domain refusal becomes SecretStoreUnavailable. */
function keychain<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new SecretStoreUnavailable((err as Error).message);
  }
}

/** The engine's signing keys (one instance per engine: it caches the current private key). */
export class SigningKeys {
  private current: CurrentSignKey | null = null;

  constructor(
    private readonly deps: Deps,
    private readonly store: SignKeysStore,
  ) {}

  /** Every key, oldest first. */
  list(): SignKeyRow[] {
    return this.store.list();
  }

  find(id: string): SignKeyRow | undefined {
    return this.store.find(id);
  }

  /**
   * The key to sign with: the newest non-deprecated key, its private half read from the keychain once. Makes
   * the first key when there is none; a key whose private half the keychain lost is deprecated and replaced.
   * Throws SecretStoreUnavailable when no keychain is available.
   */
  signingKey(): CurrentSignKey {
    if (this.current) return this.current;
    this.deps.secrets.assertAvailable();
    const row = this.store.current();
    if (row) {
      const pem = keychain(() => this.deps.secrets.get(signKeySecretName(row.id)));
      if (pem) {
        this.current = { id: row.id, privateKey: createPrivateKey(pem) };
        return this.current;
      }
      this.deps.log.warn({ key_id: row.id }, 'the private half of the signing key is not in the keychain: rotating');
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
    // The keychain first: no keychain, no new key (and the old one stays current).
    keychain(() =>
      this.deps.secrets.set(signKeySecretName(id), privateKey.export({ type: 'pkcs8', format: 'pem' }) as string),
    );
    const row: SignKeyRow = {
      id,
      public_key: publicKey.export({ type: 'spki', format: 'pem' }) as string,
      creation_date: this.deps.now(),
      deprecated: null,
    };
    const retired = this.store.replaceCurrent(row);
    for (const old of retired) this.deps.secrets.delete(signKeySecretName(old));
    this.current = { id, privateKey };
    return row;
  }

  /** Signs one payload with the current key: an ES256 compact JWS whose header names the key and its URL. */
  sign(payload: SignedPayload): Promise<string> {
    const key = this.signingKey();
    return new CompactSign(encoder.encode(JSON.stringify(payload)))
      .setProtectedHeader({
        alg: 'ES256',
        kid: key.id,
        typ: 'JWT',
        key_url: `${this.deps.urls.host_url}/sign-keys/${encodeURIComponent(key.id)}`,
      })
      .sign(key.privateKey);
  }
}

/** StartupStep: the first signing key is made at first start (when a keychain is there; else at first use). */
export function ensureSigningKey(ctx: Pick<EngineBasics, 'secrets' | 'log'> & { signingKeys: SigningKeys }): void {
  if (!ctx.secrets.isAvailable()) {
    ctx.log.warn('no OS keychain: signed responses (sign_response=true) will answer 503 until one is available');
    return;
  }
  try {
    ctx.signingKeys.signingKey();
  } catch (err) {
    ctx.log.warn({ err }, 'could not prepare the response-signing key');
  }
}
