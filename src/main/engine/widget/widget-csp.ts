/**
 * Content-Security-Policy of the widget pages: the app pages' policy (no inline script, same-origin
 * connections) plus `frame-ancestors`, so that integrators' pages on loopback origins (and the origins the
 * user allowed in settings) may embed the widget in an iframe while other sites may not.
 */
const BASE =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'";

/** An origin that may appear in a CSP source list (scheme://host[:port], nothing else). */
const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;

export function widgetCsp(allowedOrigins: readonly string[] = []): string {
  const ancestors = [
    "'self'",
    'http://127.0.0.1:*',
    'http://localhost:*',
    ...allowedOrigins.filter((o) => ORIGIN.test(o)),
  ];
  return `${BASE}; frame-ancestors ${ancestors.join(' ')}`;
}
