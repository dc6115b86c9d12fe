/**
 * Where Enable Banking's API is: https://api.enablebanking.com, or COFFER_ENABLEBANKING_URL when set (local
 * emulators and tests). A plain-http address is accepted only for loopback hosts, so that the application
 * key's signed tokens and the bank data never cross a network unencrypted.
 */
export const DEFAULT_BASE_URL = 'https://api.enablebanking.com';

const LOOPBACK = /^(127(?:\.\d{1,3}){3}|\[::1\]|localhost)$/i;

export function enableBankingBaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.COFFER_ENABLEBANKING_URL?.trim();
  if (!raw) return DEFAULT_BASE_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('COFFER_ENABLEBANKING_URL is not a URL');
  }
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname)) {
    throw new Error('COFFER_ENABLEBANKING_URL may use http:// only for a loopback host (127.0.0.1, [::1], localhost)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('COFFER_ENABLEBANKING_URL must be http(s)');
  return url.toString().replace(/\/+$/, '');
}
