/**
 * Checks on the private key file in the page, before anything is sent: Enable Banking's Control Panel
 * downloads the key as `<application id>.pem`, a PKCS#8 (or PKCS#1) PEM block.
 */

/** A PEM private key is a few kilobytes; anything much larger is not the file Enable Banking gave. */
export const MAX_KEY_BYTES = 64 * 1024;

export function looksLikePrivateKey(text: string): boolean {
  return /-----BEGIN (RSA |ENCRYPTED )?PRIVATE KEY-----[\s\S]+-----END (RSA |ENCRYPTED )?PRIVATE KEY-----/.test(text);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The application id a downloaded key file is named after (`0377…b0.pem`, or `0377…b0 (1).pem`), else null. */
export function applicationIdFromFileName(name: string): string | null {
  const base = name
    .replace(/\.(pem|key)$/i, '')
    .replace(/\s*\(\d+\)$/, '')
    .trim();
  return UUID.test(base) ? base.toLowerCase() : null;
}
