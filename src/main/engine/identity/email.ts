/**
 * E-mail addresses: one pragmatic rule (local@domain.tld, no spaces, at most 254 characters) rather than
 * the full RFC 5322 grammar, which accepts addresses no mail system delivers to.
 */
const EMAIL =
  /^[^\s@"(),:;<>[\\\]]{1,64}@(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export function isValidEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && EMAIL.test(value);
}

/** The form stored and compared (the column is COLLATE NOCASE as well). */
export function normalizeEmail(value: string): string {
  return value.trim();
}
