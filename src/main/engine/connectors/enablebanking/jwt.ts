/**
 * Enable Banking has no token endpoint: every call carries a JWT the application signs itself with its RSA
 * private key (see docs/api/enablebanking.md#jwt): header {typ JWT, alg RS256, kid = application id}, claims iss
 * "enablebanking.com", aud "api.enablebanking.com", iat, exp = iat + 3600 (Enable Banking refuses tokens valid over 24
 * hours).
 */
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';

export const JWT_LIFETIME_SECONDS = 3600;

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** Reads a PEM private key; throws an Error saying what is wrong with it (never echoing it). */
export function readPrivateKey(pem: string): KeyObject {
  if (!/-----BEGIN (RSA )?PRIVATE KEY-----/.test(pem)) {
    throw new Error('the private key is not a PEM file (it should start with "-----BEGIN PRIVATE KEY-----")');
  }
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    throw new Error('the private key is not a readable PEM private key (the .pem file may be damaged or cut)');
  }
  if (key.asymmetricKeyType !== 'rsa') throw new Error('the private key is not an RSA key (Enable Banking uses RSA keys)');
  return key;
}

export function applicationJwt(applicationId: string, key: KeyObject, now: number): string {
  const header = b64url(JSON.stringify({ typ: 'JWT', alg: 'RS256', kid: applicationId }));
  const claims = b64url(
    JSON.stringify({ iss: 'enablebanking.com', aud: 'api.enablebanking.com', iat: now, exp: now + JWT_LIFETIME_SECONDS }),
  );
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), key);
  return `${header}.${claims}.${b64url(signature)}`;
}
