import { BearerLookup } from '../auth/bearer-lookup';
import type { EngineBasics } from '../engine-basics';
import type { UsersStore } from '../store/users';
import { Clients } from './clients';
import { LoginGuard } from './login-throttle';
import { loadIdTokenKey, type IdTokenKey } from './oauth/id-token';
import { TokenEndpoint } from './oauth/grants';
import { loadTerms, type Terms } from './terms';
import { Tokens } from './tokens';

/**
 * The identity part of one engine: users, clients, tokens, the terms, and what it keeps in memory (the
 * login throttle, the id_token signing key, the cache of bearer lookups). Built once by the engine; two
 * engines in one process share nothing.
 */
export interface Identity {
  users: UsersStore;
  tokens: Tokens;
  clients: Clients;
  /** The terms shipped in `resources/terms/`, read once at start. */
  terms: Terms;
  loginGuard: LoginGuard;
  /** The id_token signing key, loaded (or made) once; a failed load is retried at the next call. */
  idTokenKey(): Promise<IdTokenKey>;
  /** Who a bearer token is (cached, never stale). */
  bearer: BearerLookup;
  tokenEndpoint: TokenEndpoint;
}

/** The engine's context: read when the parts act (the clock and the addresses may change after start). */
type Deps = Pick<EngineBasics, 'secrets' | 'settings' | 'log' | 'now' | 'urls' | 'resourcesDir' | 'db' | 'store'>;

/** `firstPartyClientId`: the app's own OAuth client (app-session/app-client.ts), given by the composition root. */
export function createIdentity(deps: Deps, firstPartyClientId: string): Identity {
  let key: Promise<IdTokenKey> | null = null;
  const idTokenKey = () =>
    (key ??= loadIdTokenKey(deps).catch((err: unknown) => {
      key = null;
      return Promise.reject(err);
    }));
  const users = deps.store.users;
  const tokens = new Tokens(deps.store.tokens);
  const clients = new Clients(deps.store.clients);
  const loginGuard = new LoginGuard();
  return {
    users,
    tokens,
    clients,
    terms: loadTerms(deps.resourcesDir),
    loginGuard,
    idTokenKey,
    bearer: new BearerLookup(deps.db, deps.store.tokens),
    tokenEndpoint: new TokenEndpoint({
      users,
      tokens,
      clients,
      loginGuard,
      idTokenKey,
      issuer: () => deps.urls.auth_url,
      now: () => deps.now(),
      firstPartyClientId,
    }),
  };
}
