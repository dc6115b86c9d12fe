import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { EngineBasics } from '../../engine-basics';
import { ACCESS_TOKEN_TTL } from '../tokens';

/**
 * The ES256 key that signs id_tokens. Its private JWK lives in the OS keychain; its public JWK (with the
 * key id) in settings, and is published at {auth_url}/jwks. Without a keychain the key lives in memory
 * for this process only (id_tokens issued before a restart then no longer verify against /jwks).
 */
export interface IdTokenKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  persisted: boolean;
}

const SETTING = 'oauth.id_token_key';
export const idTokenKeySecretName = (kid: string) => `oauth/id-token-key/${kid}`;

async function generate(): Promise<{ kid: string; privateKey: CryptoKey; privateJwk: JWK; publicJwk: JWK }> {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    kid,
    privateKey,
    privateJwk: await exportJWK(privateKey),
    publicJwk: { ...publicJwk, kid, alg: 'ES256', use: 'sig' },
  };
}

export async function loadIdTokenKey(ctx: Pick<EngineBasics, 'secrets' | 'settings' | 'log'>): Promise<IdTokenKey> {
  const available = ctx.secrets.isAvailable();
  if (available) {
    const saved = ctx.settings.getRaw<{ kid: string; public_jwk: JWK }>(SETTING);
    const privateText = saved ? ctx.secrets.get(idTokenKeySecretName(saved.kid)) : null;
    if (saved && privateText) {
      try {
        const privateKey = (await importJWK(JSON.parse(privateText) as JWK, 'ES256')) as CryptoKey;
        return { kid: saved.kid, privateKey, publicJwk: saved.public_jwk, persisted: true };
      } catch (err) {
        ctx.log.warn({ err }, 'the id_token signing key in the keychain is unusable; making a new one');
      }
    }
    const key = await generate();
    ctx.secrets.set(idTokenKeySecretName(key.kid), JSON.stringify(key.privateJwk));
    ctx.settings.setRaw(SETTING, { kid: key.kid, public_jwk: key.publicJwk });
    if (saved && saved.kid !== key.kid) ctx.secrets.delete(idTokenKeySecretName(saved.kid));
    return { kid: key.kid, privateKey: key.privateKey, publicJwk: key.publicJwk, persisted: true };
  }
  ctx.log.warn('no OS keychain: the id_token signing key is kept in memory and changes at every start');
  const key = await generate();
  return { kid: key.kid, privateKey: key.privateKey, publicJwk: key.publicJwk, persisted: false };
}

export interface IdTokenClaims {
  issuer: string;
  userId: number;
  clientId: string;
  email: string;
  now: number;
}

/** The id_token's claims (docs/api/auth-and-scopes.md#grants): iss, sub (user id), aud (client id), iat, exp, email. */
export function signIdToken(key: IdTokenKey, claims: IdTokenClaims): Promise<string> {
  return new SignJWT({ email: claims.email })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: key.kid })
    .setIssuer(claims.issuer)
    .setSubject(String(claims.userId))
    .setAudience(claims.clientId)
    .setIssuedAt(claims.now)
    .setExpirationTime(claims.now + ACCESS_TOKEN_TTL)
    .sign(key.privateKey);
}
