/**
 * Creating widget sessions, keeping them alive and giving their pages a token (see docs/api/widget.md#session).
 *
 * A session stands on the user access token the integrator gave. Without a refresh token it lives as long
 * as that token (and dies with it if it is revoked). With one, the session renews its access token through
 * the authorization server's refresh grant when needed and lives as long as the refresh token.
 *
 * The pages never see the integrator's tokens: `pageToken` issues a short-lived bearer of the session's
 * user, with those of the original token's scopes that the pages use (widgetPageScopes) and its rotation
 * family (revoking the user's grant also stops the pages), which the page keeps in memory only and asks
 * again for with its session id.
 */
import { hashToken } from '../auth/token-hash';
import type { EngineBasics } from '../engine-basics';
import { InvalidInput, Unauthenticated } from '../domain/errors';
import { isAcceptableResultRedirectUri } from '../domain/redirect-uri';
import type { Identity } from '../identity/identity';
import { REFRESH_TOKEN_TTL, type TokenRow } from '../identity/tokens';
import { FlowParamError, parseFlowParams, redirectParam } from './flow-params';
import { widgetPageScopes } from './page-scopes';
import { newSessionId, WidgetSessionStore, type SessionRefresh, type WidgetSession } from './session-store';

/** Lifetime of a page's bearer token (renewed by the page through its session id). */
export const PAGE_TOKEN_TTL = 10 * 60;
/** A session made with a personal access token (which does not expire) lives this long. */
export const PAT_SESSION_TTL = 3600;

export interface CreatedSession {
  session_id: string;
  expires: number;
  _links: Record<
    'add_connection' | 'edit_credentials' | 'user_input' | 'terms' | 'professional_account' | 'manage_accounts',
    string
  >;
}

const LINK_PAGES = {
  add_connection: 'add_connection',
  edit_credentials: 'edit_credentials',
  user_input: 'user_input',
  terms: 'terms',
  professional_account: 'professional-account',
  manage_accounts: 'manage_accounts',
} as const;

const badRequest = (description: string) => new InvalidInput(description);
const invalidToken = (description: string) => new Unauthenticated(description);

type Deps = Pick<EngineBasics, 'now' | 'log' | 'urls'> & {
  identity: Pick<Identity, 'tokens' | 'clients' | 'tokenEndpoint'>;
};

/** The engine's widget sessions (one instance per engine: sessions live in its memory). */
export class WidgetSessionService {
  readonly store = new WidgetSessionStore();

  constructor(private readonly ctx: Deps) {}

  private get clients() {
    return this.ctx.identity.clients;
  }

  private token(value: string): TokenRow | undefined {
    return this.ctx.identity.tokens.findByHash(hashToken(value));
  }

  private usable(row: TokenRow | undefined, kinds: readonly TokenRow['kind'][], now: number): row is TokenRow {
    return (
      !!row && kinds.includes(row.kind) && row.revoked_date === null && (row.expires === null || row.expires > now)
    );
  }

  /** POST {widget_url}/widget_session. `bearer` is the Authorization header's token, used when the body has none. */
  create(body: Record<string, unknown>, bearer: string | null): CreatedSession {
    const now = this.ctx.now();
    const str = (name: string): string | undefined => {
      const v = body[name];
      if (v === undefined || v === null || v === '') return undefined;
      if (typeof v !== 'string' || v.length > 4096) throw badRequest(`${name} must be a string`);
      return v;
    };
    const accessValue = str('access_token') ?? bearer ?? undefined;
    if (!accessValue) throw badRequest('access_token is required (a user access token)');
    const access = this.token(accessValue);
    if (!this.usable(access, ['access', 'pat'], now) || access.user_id === null) {
      throw invalidToken(
        'access_token is not a valid user access token (unknown, expired, revoked or not issued for a user)',
      );
    }

    const clientId = str('client_id');
    const clientSecret = str('client_secret');
    if (clientSecret !== undefined && clientId === undefined) throw badRequest('client_secret needs client_id');
    if (clientId !== undefined) {
      const client = this.clients.find(clientId);
      const secretOk = clientSecret === undefined || this.clients.verifySecret(clientId, clientSecret);
      if (!client || !secretOk) throw invalidToken('unknown client or wrong client secret');
      if (access.client_id !== null && access.client_id !== clientId)
        throw invalidToken('the access token was not issued to this client');
    }

    let refresh: SessionRefresh | undefined;
    let expires = access.expires ?? now + PAT_SESSION_TTL;
    const refreshValue = str('refresh_token');
    if (refreshValue !== undefined) {
      const row = this.token(refreshValue);
      if (!this.usable(row, ['refresh'], now) || row.used_date !== null) {
        throw invalidToken('refresh_token is unknown, expired, revoked or already used');
      }
      if (row.user_id !== access.user_id) throw badRequest('refresh_token does not belong to the user of access_token');
      const owner = row.client_id === null ? undefined : this.clients.find(row.client_id);
      if (!owner) throw badRequest('refresh_token was issued to a client that no longer exists');
      if (clientId !== undefined && clientId !== owner.id)
        throw badRequest('refresh_token was not issued to client_id');
      if (owner.confidential && clientSecret === undefined) {
        throw badRequest(
          'refresh_token belongs to a confidential client: give client_id and client_secret so that the session can renew the access token',
        );
      }
      refresh = { token: refreshValue, clientId: owner.id, ...(clientSecret !== undefined && { clientSecret }) };
      expires = row.expires ?? now + REFRESH_TOKEN_TTL;
    }

    const redirectUri = redirectParam(body);
    if (redirectUri !== undefined && !isAcceptableResultRedirectUri(redirectUri)) {
      throw badRequest('redirect_uri must be an absolute http or https URL without a fragment');
    }
    let params;
    try {
      params = parseFlowParams(body);
    } catch (err) {
      if (err instanceof FlowParamError) throw badRequest(err.message);
      throw err;
    }

    const sessionId = newSessionId();
    const session: WidgetSession = {
      hash: hashToken(sessionId),
      userId: access.user_id,
      clientId: access.client_id,
      scopes: access.scopes.split(' ').filter(Boolean),
      accessHash: access.hash,
      familyId: access.family_id,
      ...(refresh && { refresh }),
      expires,
      creationDate: now,
      ...(redirectUri !== undefined && { redirectUri }),
      params,
    };
    this.store.add(session);
    return { session_id: sessionId, expires, _links: this.links(sessionId) };
  }

  links(sessionId: string): CreatedSession['_links'] {
    const base = `${this.ctx.urls.widget_url}/widget`;
    const q = `?session_id=${encodeURIComponent(sessionId)}`;
    const out = {} as CreatedSession['_links'];
    for (const [name, page] of Object.entries(LINK_PAGES)) out[name as keyof typeof LINK_PAGES] = `${base}/${page}${q}`;
    return out;
  }

  /**
   * Whether the session can still act: not past its expiry, and its access token still valid — or renewed
   * through the refresh grant when the session has a refresh token.
   */
  async alive(session: WidgetSession): Promise<boolean> {
    const now = this.ctx.now();
    if (session.expires <= now) return false;
    const row = this.ctx.identity.tokens.findByHash(session.accessHash);
    if (this.usable(row, ['access', 'pat'], now)) return true;
    if (!session.refresh) {
      session.expires = Math.min(session.expires, now);
      return false;
    }
    session.renewing ??= this.renew(session).finally(() => {
      session.renewing = undefined;
    });
    return session.renewing;
  }

  private async renew(session: WidgetSession): Promise<boolean> {
    const refresh = session.refresh!;
    try {
      const answer = await this.ctx.identity.tokenEndpoint.handle(
        {
          grant_type: 'refresh_token',
          refresh_token: refresh.token,
          client_id: refresh.clientId,
          ...(refresh.clientSecret !== undefined && { client_secret: refresh.clientSecret }),
        },
        undefined,
      );
      const now = this.ctx.now();
      const access = this.token(answer.access_token);
      if (!answer.refresh_token || !access) throw new Error('the refresh grant gave no refresh token');
      session.accessHash = access.hash;
      session.familyId = access.family_id;
      session.scopes = access.scopes.split(' ').filter(Boolean);
      session.refresh = { ...refresh, token: answer.refresh_token };
      session.expires = this.token(answer.refresh_token)?.expires ?? now + REFRESH_TOKEN_TTL;
      return true;
    } catch (err) {
      // The grant is gone (revoked, expired, reused, client removed): the session ends with it.
      this.ctx.log.info({ err: (err as Error).message }, 'widget session could not renew its access token');
      session.refresh = undefined;
      session.expires = Math.min(session.expires, this.ctx.now());
      return false;
    }
  }

  /** A short-lived bearer for the session's pages; Unauthenticated when the session is unknown or expired. */
  async pageToken(
    sessionId: string | undefined,
  ): Promise<{ session: WidgetSession; access_token: string; expires_in: number; scopes: string[] }> {
    const session = this.store.get(sessionId);
    if (!session || !(await this.alive(session))) {
      throw invalidToken('the widget session is unknown or expired');
    }
    const now = this.ctx.now();
    const expires = session.refresh ? now + PAGE_TOKEN_TTL : Math.min(now + PAGE_TOKEN_TTL, session.expires);
    const scopes = widgetPageScopes(session.scopes);
    const value = this.ctx.identity.tokens.issue(
      'access',
      {
        clientId: session.clientId,
        userId: session.userId,
        scopes,
        familyId: session.familyId,
        name: 'widget page',
        expires,
      },
      now,
    );
    return { session, access_token: value, expires_in: expires - now, scopes };
  }
}

/** Forgets sessions long expired every 10 minutes, until the engine closes. */
export function sweepWidgetSessions(ctx: Pick<EngineBasics, 'now' | 'onClose'> & { widgetSessions: WidgetSessionService }): void {
  const timer = setInterval(() => ctx.widgetSessions.store.sweep(ctx.now()), 10 * 60 * 1000);
  timer.unref();
  ctx.onClose(() => clearInterval(timer));
}
