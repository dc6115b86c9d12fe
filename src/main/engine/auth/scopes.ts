import { CLIENT_SCOPES, DEFAULT_USER_SCOPES, USER_SCOPES, type ClientScope, type UserScope } from '../../../shared/api-values';

export { CLIENT_SCOPES, DEFAULT_USER_SCOPES, USER_SCOPES, type ClientScope, type UserScope };

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
