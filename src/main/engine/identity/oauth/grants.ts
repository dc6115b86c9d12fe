import { DEFAULT_USER_SCOPES, USER_SCOPES, parseScopes, type ClientScope, type Scope, type UserScope } from '../../auth/scopes';
import type { UserRow, UsersStore } from '../../store/users';
import type { Client, Clients } from '../clients';
import type { LoginGuard } from '../login-throttle';
import { burnPasswordCheck, verifyPassword } from '../password-hash';
import { ACCESS_TOKEN_TTL, newFamilyId, type Tokens, type TokenRow } from '../tokens';
import { authenticateClient, presentedClient } from './client-auth';
import { signIdToken, type IdTokenKey } from './id-token';
import { invalidGrant, invalidRequest, invalidScope, OAuthError, slowDown, unauthorizedClient } from './oauth-error';
import { isValidCodeVerifier, verifyS256 } from './pkce';

export const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials', 'password'] as const;

export interface TokenParams {
  grant_type?: string;
  client_id?: string;
  client_secret?: string;
  scope?: string;
  code?: string;
  redirect_uri?: string;
  code_verifier?: string;
  refresh_token?: string;
  username?: string;
  password?: string;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  id_token?: string;
  scope: string;
}

const isUserScope = (s: Scope): s is UserScope => (USER_SCOPES as readonly string[]).includes(s);

/**
 * Scopes asked for a user token: known user scopes only; none asked means the user scopes without the extensions
 * (DEFAULT_USER_SCOPES; docs/api/auth-and-scopes.md#scopes).
 */
export function userScopesAsked(text: string | undefined): UserScope[] {
  const { scopes, unknown } = parseScopes(text);
  if (unknown.length) throw invalidScope(`unknown scope(s): ${unknown.join(' ')}`);
  const notForUsers = scopes.filter((s) => !isUserScope(s));
  if (notForUsers.length) throw invalidScope(`${notForUsers.join(' ')} cannot be granted on behalf of a user`);
  return scopes.length ? (scopes as UserScope[]) : [...DEFAULT_USER_SCOPES];
}

/** What a login attempt needs: the users and the throttle of this engine. */
export interface LoginDeps {
  users: UsersStore;
  loginGuard: LoginGuard;
}

export interface TokenEndpointDeps extends LoginDeps {
  tokens: Tokens;
  clients: Clients;
  idTokenKey(): Promise<IdTokenKey>;
  /** The issuer of id_tokens ({auth_url}, known once the server listens). */
  issuer(): string;
  now(): number;
  /**
   * The installation's own app client (app-session/): its session holds every user scope, including those an
   * upgrade added since it signed in, so it is renewed with every user scope of now.
   */
  firstPartyClientId: string;
}

/** POST {auth_url}/token: the grants client_credentials, authorization_code, password and refresh_token. */
export class TokenEndpoint {
  private readonly clients: Clients;
  private readonly tokens: Tokens;
  private readonly users: UsersStore;

  constructor(private readonly deps: TokenEndpointDeps) {
    this.clients = deps.clients;
    this.tokens = deps.tokens;
    this.users = deps.users;
  }

  async handle(params: TokenParams, authorization: string | undefined): Promise<TokenResponse> {
    const grant = params.grant_type;
    if (!grant) throw invalidRequest('grant_type is required');
    if (!(GRANT_TYPES as readonly string[]).includes(grant)) {
      throw new OAuthError('unsupported_grant_type', `grant_type must be one of ${GRANT_TYPES.join(', ')}`);
    }
    const client = authenticateClient(this.clients, presentedClient(authorization, params));
    switch (grant) {
      case 'client_credentials':
        return this.clientCredentials(client, params);
      case 'authorization_code':
        return this.authorizationCode(client, params);
      case 'password':
        return this.password(client, params);
      default:
        return this.refresh(client, params);
    }
  }

  private clientCredentials(client: Client, params: TokenParams): TokenResponse {
    if (!client.confidential) throw unauthorizedClient('a public client cannot use client_credentials');
    if (!client.scopes.length) throw unauthorizedClient('this client holds no client scope');
    const { scopes, unknown } = parseScopes(params.scope);
    if (unknown.length) throw invalidScope(`unknown scope(s): ${unknown.join(' ')}`);
    const refused = scopes.filter((s) => !(client.scopes as Scope[]).includes(s));
    if (refused.length) throw invalidScope(`this client may ask only for ${client.scopes.join(' ')}`);
    const granted = scopes.length ? (scopes as ClientScope[]) : client.scopes;
    const now = this.deps.now();
    const access = this.tokens.issue('access', { clientId: client.id, userId: null, scopes: granted }, now);
    return { access_token: access, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL, scope: granted.join(' ') };
  }

  private async authorizationCode(client: Client, params: TokenParams): Promise<TokenResponse> {
    const { code, redirect_uri, code_verifier } = params;
    if (!code) throw invalidRequest('code is required');
    if (!redirect_uri) throw invalidRequest('redirect_uri is required');
    if (!code_verifier) throw invalidRequest('code_verifier is required (PKCE)');
    if (!isValidCodeVerifier(code_verifier))
      throw invalidRequest('code_verifier must be 43 to 128 characters of [A-Za-z0-9-._~]');
    const now = this.deps.now();
    const row = this.tokens.find(code, ['code']);
    if (!row || row.client_id !== client.id) throw invalidGrant('unknown authorization code');
    if (row.used_date !== null) {
      // RFC 6749 §4.1.2: a code used twice revokes what it produced.
      if (row.family_id) this.tokens.revokeFamily(row.family_id, now);
      throw invalidGrant('this authorization code was already used; the tokens it produced are revoked');
    }
    if (row.revoked_date !== null || (row.expires ?? 0) <= now) throw invalidGrant('the authorization code expired');
    if (row.redirect_uri !== redirect_uri)
      throw invalidGrant('redirect_uri differs from the one of the authorization request');
    if (!row.code_challenge || !verifyS256(code_verifier, row.code_challenge))
      throw invalidGrant('code_verifier does not match the code_challenge');
    if (!this.tokens.markUsed(row.hash, now)) {
      if (row.family_id) this.tokens.revokeFamily(row.family_id, now);
      throw invalidGrant('this authorization code was already used');
    }
    return this.userTokens(client, row.user_id!, row.scopes.split(' ') as UserScope[], row.family_id ?? newFamilyId());
  }

  private async password(client: Client, params: TokenParams): Promise<TokenResponse> {
    if (!client.confidential)
      throw unauthorizedClient('the password grant is for confidential clients (client_id and client_secret)');
    const { username, password } = params;
    if (!username) throw invalidRequest('username (the e-mail) is required');
    if (!password) throw invalidRequest('password is required');
    const scopes = userScopesAsked(params.scope);
    const user = await this.checkLogin(username, password, client.id);
    return this.userTokens(client, user.id, scopes, newFamilyId());
  }

  /** Checks an e-mail and password under the login throttle; throws slow_down or invalid_grant. */
  private async checkLogin(email: string, password: string, clientId: string): Promise<UserRow> {
    const outcome = await verifyLogin(this.deps, email, password, clientId);
    if (outcome.kind === 'throttled') throw slowDown(outcome.retryAfterMs);
    if (outcome.kind === 'wrong') throw invalidGrant('wrong e-mail or password');
    return outcome.user;
  }

  private async refresh(client: Client, params: TokenParams): Promise<TokenResponse> {
    if (!params.refresh_token) throw invalidRequest('refresh_token is required');
    const now = this.deps.now();
    const row = this.tokens.find(params.refresh_token, ['refresh']);
    if (!row || row.client_id !== client.id) throw invalidGrant('unknown refresh token');
    if (row.revoked_date !== null) throw invalidGrant('the refresh token was revoked');
    if (row.used_date !== null) return this.reuse(row, now);
    if ((row.expires ?? 0) <= now) throw invalidGrant('the refresh token expired');
    const held = client.id === this.deps.firstPartyClientId ? [...USER_SCOPES] : (row.scopes.split(' ').filter(Boolean) as UserScope[]);
    let scopes = held;
    if (params.scope !== undefined) {
      scopes = userScopesAsked(params.scope);
      const extra = scopes.filter((s) => !held.includes(s));
      if (extra.length) throw invalidScope(`the refresh token does not hold ${extra.join(' ')}`);
    }
    if (!this.tokens.markUsed(row.hash, now)) return this.reuse(row, now);
    return this.userTokens(client, row.user_id!, scopes, row.family_id ?? newFamilyId(), held);
  }

  private reuse(row: TokenRow, now: number): never {
    // A rotated refresh token came back: it was copied. Whoever holds the family loses it.
    if (row.family_id) this.tokens.revokeFamily(row.family_id, now);
    else this.tokens.revoke(row.hash, now);
    throw invalidGrant('this refresh token was already used; every token of this grant is now revoked');
  }

  private async userTokens(
    client: Client,
    userId: number,
    scopes: UserScope[],
    familyId: string,
    refreshScopes: UserScope[] = scopes,
  ): Promise<TokenResponse> {
    const user = this.users.findById(userId);
    if (!user) throw invalidGrant('the user no longer exists');
    const now = this.deps.now();
    const access = this.tokens.issue('access', { clientId: client.id, userId, scopes, familyId }, now);
    const refresh = this.tokens.issue('refresh', { clientId: client.id, userId, scopes: refreshScopes, familyId }, now);
    const key = await this.deps.idTokenKey();
    const idToken = await signIdToken(key, {
      issuer: this.deps.issuer(),
      userId,
      clientId: client.id,
      email: user.email,
      now,
    });
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL,
      refresh_token: refresh,
      id_token: idToken,
      scope: scopes.join(' '),
    };
  }
}

export type LoginOutcome =
  { kind: 'ok'; user: UserRow } | { kind: 'wrong' } | { kind: 'throttled'; retryAfterMs: number };

/**
 * One login attempt under the throttle (token endpoint and login page). Unknown e-mails cost as much time
 * as known ones, so timing does not tell which e-mails exist.
 */
export async function verifyLogin(
  { users, loginGuard: guard }: LoginDeps,
  email: string,
  password: string,
  clientId: string,
): Promise<LoginOutcome> {
  const address = email.trim();
  const verdict = guard.check(address);
  if (!verdict.allowed) return { kind: 'throttled', retryAfterMs: verdict.retryAfterMs };
  const clientVerdict = guard.refuseWrong(clientId);
  const user = users.findByEmail(address);
  let ok = false;
  if (user) ok = await verifyPassword(password, user.password_hash);
  else await burnPasswordCheck(password);
  guard.record(address, clientId, ok);
  if (ok && user) return { kind: 'ok', user };
  return clientVerdict.allowed ? { kind: 'wrong' } : { kind: 'throttled', retryAfterMs: clientVerdict.retryAfterMs };
}
