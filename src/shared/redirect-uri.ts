/** Longest redirect_uri accepted (a URL this long is a mistake or an attack, never a real callback). */
export const MAX_REDIRECT_URI_LENGTH = 2048;

/**
 * A redirect_uri a hosted page (the widget, a provider's consent page) may send the user back to: an
 * absolute http(s) URL, without a fragment (the answer goes in the query) and without user info (which
 * would let a link show one host and open another), at most MAX_REDIRECT_URI_LENGTH characters.
 */
export function isAcceptableRedirectUri(value: string): boolean {
  if (value.length > MAX_REDIRECT_URI_LENGTH) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hash === '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** `redirectUri` with the answer's parameters added (its own query kept; undefined values left out). */
export function withResultParams(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}
