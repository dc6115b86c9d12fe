/** OAuth scopes of interface.md "Authentication", plus the `admin` extension scope (C4, C12). */
export const USER_SCOPES = [
  'accounts_manage',
  'accounts_read',
  'connections_manage',
  'connections_sync',
  'transactions_read',
  'profile',
  'profile_edit',
] as const;

export const CLIENT_SCOPES = ['users_create', 'admin'] as const;

export type UserScope = (typeof USER_SCOPES)[number];
export type ClientScope = (typeof CLIENT_SCOPES)[number];
export type Scope = UserScope | ClientScope;

export const ALL_SCOPES: readonly Scope[] = [...USER_SCOPES, ...CLIENT_SCOPES];

export function isScope(value: string): value is Scope {
  return (ALL_SCOPES as readonly string[]).includes(value);
}

/** Parses a space-separated scope string; unknown names are returned separately. */
export function parseScopes(text: string | undefined): { scopes: Scope[]; unknown: string[] } {
  const scopes: Scope[] = [];
  const unknown: string[] = [];
  for (const name of (text ?? '').split(/[\s,]+/).filter(Boolean)) {
    if (isScope(name)) {
      if (!scopes.includes(name)) scopes.push(name);
    } else unknown.push(name);
  }
  return { scopes, unknown };
}
