import type { UserScope } from '../auth/scopes';

/**
 * What a widget page's bearer may do: the calls the widget pages make and nothing else. They list
 * providers (any token), read and add accounts and validate professional ones (accounts_read,
 * accounts_manage), create, read, synchronize and answer connections, ask for an encryption key and follow
 * a queue (connections_manage, connections_sync), and read and accept the terms (profile). The bearer lives
 * ten minutes in a web page: it never holds profile_edit (which mints personal access tokens that outlive
 * the session's grant, and deletes the user) nor the transactions scopes the pages do not use.
 */
const WIDGET_PAGE_SCOPES: readonly UserScope[] = [
  'accounts_read',
  'accounts_manage',
  'connections_manage',
  'connections_sync',
  'profile',
];

/**
 * The scopes of a page's bearer for a session made with `sessionScopes`: those the pages use that the
 * session's token holds. profile_edit counts as profile, since whoever may edit the profile may read it.
 */
export function widgetPageScopes(sessionScopes: readonly string[]): UserScope[] {
  const held = new Set(sessionScopes);
  if (held.has('profile_edit')) held.add('profile');
  return WIDGET_PAGE_SCOPES.filter((scope) => held.has(scope));
}
