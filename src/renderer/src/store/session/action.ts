import type { StateCreator } from 'zustand';
import type { AppStore } from '..';
import {
  ApiError,
  USER_SCOPES,
  appApi,
  authApi,
  authorizeUrl,
  configureApi,
  pkcePair,
  randomString,
  usersApi,
  type TokenAnswer,
} from '../../lib/api';
import { forgetEverything, KV, kv } from '../../lib/db';
import { navigate } from '../../lib/router';
import { txTable } from '../../lib/tx-table';
import type { StoredSession } from './initialState';

/** What `/health` names when the engine runs without opening its database (engine-refusal.ts, http/storage-gate.ts). */
const STORAGE_CODES: ReadonlySet<string> = new Set(['database_damaged', 'database_missing']);

export interface SessionAction {
  /** Reads the installation status and the stored session, and decides what to show. */
  boot(): Promise<void>;
  createOwner(input: { email: string; password: string; first_name?: string; last_name?: string }): Promise<void>;
  acceptTerms(): Promise<void>;
  /** Sends the browser to the authorization server's sign-in page (code + PKCE). */
  startSignIn(): Promise<void>;
  /** Handles /auth-callback?code=…&state=… */
  completeSignIn(params: URLSearchParams): Promise<void>;
  signOut(): Promise<void>;
  /**
   * Deletes the person's profile through the API, then forgets everything of them in this window (memory and
   * browser storage) and shows the first run: the installation has no owner any more.
   */
  deleteProfile(): Promise<void>;
  checkEngine(): Promise<void>;
  /** For the API client. */
  accessToken(): Promise<string | null>;
  refreshSession(): Promise<boolean>;
  adminToken(force?: boolean): Promise<string>;
}

const now = () => Math.floor(Date.now() / 1000);
/** Renew this long before the access token expires. */
const RENEW_AHEAD = 120;

/** What a session needs of a token answer (the token endpoint's, or the owner creation's). */
type SessionTokens = Pick<TokenAnswer, 'access_token' | 'expires_in' | 'refresh_token'>;

function sessionFrom(answer: SessionTokens, userId: string, previous?: StoredSession | null): StoredSession {
  return {
    userId,
    accessToken: answer.access_token,
    accessExpires: now() + (answer.expires_in || 3600),
    refreshToken: answer.refresh_token ?? previous?.refreshToken,
  };
}

/** The `sub` claim of an id_token (the user id), without verifying it: it came straight from our engine. */
function subjectOf(idToken: string | undefined): string | null {
  if (!idToken) return null;
  try {
    const payload = JSON.parse(atob(idToken.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

/** The installation's status once its owner is gone: the window then offers to create a profile. */
function withoutOwner<S extends { has_owner: boolean }>(status: S | null): S | null {
  return status ? { ...status, has_owner: false } : status;
}

/** Runs `fn` while holding a lock shared by every tab: two tabs never spend the same refresh token. */
async function withSessionLock<T>(fn: () => Promise<T>): Promise<T> {
  if (navigator.locks?.request) return navigator.locks.request('coffer-session', fn) as Promise<T>;
  return fn();
}

export const createSessionSlice: StateCreator<AppStore, [], [], SessionAction> = (set, get) => {
  // This store's tokens: the session, its renewal in progress, and the short-lived admin token.
  let session: StoredSession | null = null;
  let refreshing: Promise<boolean> | null = null;
  let admin: { token: string; expires: number } | null = null;

  const saveSession = async (next: StoredSession | null): Promise<void> => {
    session = next;
    admin = null;
    if (next) await kv.set(KV.session, next);
    else await kv.remove(KV.session);
  };

  configureApi({
    accessToken: () => get().accessToken(),
    refresh: () => get().refreshSession(),
    adminToken: (force) => get().adminToken(force),
    onTermsRequired: () => {
      if (get().phase === 'ready') set({ phase: 'terms' });
    },
    language: () => get().language,
  });

  /** The person's data held by this window: the transactions, the loaded lists, the event queue, the history view. */
  const forgetInMemory = () => {
    get().stopEvents();
    txTable.clear();
    get().resetData();
    get().resetHistory();
  };

  /**
   * The engine no longer accepts this window's session. When the profile itself is gone (deleted from another
   * window), this window forgets it too and offers the first run, never a sign-in to a profile that no longer
   * exists.
   */
  const sessionLost = async (authMessage: 'expired' | null) => {
    await saveSession(null);
    const status = await appApi.status().catch(() => null);
    if (status && !status.has_owner) {
      forgetInMemory();
      set({ phase: 'first-run', user: null, authMessage: null, appStatus: status });
      await forgetEverything();
      return;
    }
    set({ phase: 'sign-in', user: null, authMessage });
  };

  const enterApp = async () => {
    // Signed in, the engine also tells its data folder (the About page, and whose UI state this is); asked
    // at the same time as the user, not after, as the first screen waits for both.
    const signedInStatus = appApi.statusSignedIn().catch(() => null);
    let user = null;
    try {
      user = await usersApi.me();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'terms_not_accepted') {
        set({ phase: 'terms' });
        return;
      }
      if (err instanceof ApiError && err.status === 401) {
        await sessionLost(null);
        return;
      }
      // GET /users/me not available: carry on; a terms_not_accepted answer later shows the terms.
      if (!(err instanceof ApiError && err.status === 404)) throw err;
    }
    // Without it (an error), the answer without the folder stays.
    const status = await signedInStatus;
    if (status) set({ appStatus: status });
    const current = user?.terms_current_version ?? get().appStatus?.terms_version ?? 0;
    const phase = user && (user.terms_accepted_version ?? 0) < current ? 'terms' : 'ready';
    // The transactions start loading now rather than after the first screen has rendered (App's signed-in
    // work asks again and joins this load): the history's first rows are the first request's.
    if (phase === 'ready') void get().loadTransactions();
    set({ user, phase, authMessage: null });
  };

  return {
    async boot() {
      set({ phase: 'booting' });
      // The saved language, the engine's status and the stored session are read at the same time (the
      // first screen waits for all three); the language is in place before anything but "loading" shows.
      const preferences = get()
        .loadPreferences()
        .catch(() => undefined);
      const stored = kv.get<StoredSession>(KV.session).catch(() => undefined);
      let status;
      try {
        status = await appApi.status();
        set({ engine: 'ok', appStatus: status });
      } catch (err) {
        await preferences;
        if (err instanceof ApiError && err.isNetwork) {
          set({ engine: 'down', phase: 'offline' });
          setTimeout(() => void get().boot(), 3000);
          return;
        }
        set({ engine: 'ok' });
        // The data is not opened (503 secret_store_unavailable): /health names why (a damaged or a missing
        // database shows its own screen).
        if (err instanceof ApiError && err.code === 'secret_store_unavailable') {
          await get().checkEngine();
          if (get().phase === 'storage') return;
        }
        throw err;
      }
      session = (await stored) ?? null;
      await preferences;
      if (!status.has_owner) {
        await saveSession(null);
        set({ phase: 'first-run', user: null });
        return;
      }
      if (!session) {
        set({ phase: 'sign-in', user: null });
        return;
      }
      await enterApp();
    },

    async createOwner(input) {
      const answer = await appApi.createOwner(input);
      await saveSession(sessionFrom(answer, answer.user_id));
      set({ appStatus: { ...get().appStatus!, has_owner: true } });
      await enterApp();
    },

    async acceptTerms() {
      await usersApi.acceptTerms();
      await enterApp();
      if (get().phase === 'terms') set({ phase: 'ready' });
    },

    async startSignIn() {
      const { verifier, challenge } = await pkcePair();
      const state = randomString(16);
      const returnTo = window.location.pathname.startsWith('/auth-callback')
        ? '/'
        : window.location.pathname + window.location.search;
      await kv.set(KV.pendingAuth, { verifier, state, returnTo, created: now() });
      const redirectUri = `${window.location.origin}/auth-callback`;
      window.location.assign(
        authorizeUrl({ redirectUri, state, challenge, scope: USER_SCOPES.join(' '), language: get().language }),
      );
    },

    async completeSignIn(params) {
      const pending = await kv.get<{ verifier: string; state: string; returnTo: string }>(KV.pendingAuth);
      await kv.remove(KV.pendingAuth);
      const error = params.get('error');
      const code = params.get('code');
      if (error || !code)
        throw new ApiError(400, error ?? 'invalid_request', params.get('error_description') ?? error ?? 'no code');
      if (!pending || pending.state !== params.get('state'))
        throw new ApiError(400, 'invalid_state', 'the sign-in answer does not match the request');
      const answer = await authApi.exchangeCode(code, pending.verifier, `${window.location.origin}/auth-callback`);
      await saveSession(sessionFrom(answer, subjectOf(answer.id_token) ?? ''));
      await enterApp();
      if (session && !session.userId && get().user) await saveSession({ ...session, userId: get().user!.id });
      navigate(pending.returnTo || '/', { replace: true });
    },

    async signOut() {
      const refresh = session?.refreshToken;
      await saveSession(null);
      if (refresh) authApi.revoke(refresh).catch(() => undefined);
      forgetInMemory();
      set({ phase: 'sign-in', user: null, authMessage: null });
      navigate('/', { replace: true });
    },

    async deleteProfile() {
      await usersApi.deleteMe();
      // The engine removed the tokens with the user: nothing to revoke.
      session = null;
      admin = null;
      forgetInMemory();
      set({ phase: 'first-run', user: null, authMessage: null, appStatus: withoutOwner(get().appStatus) });
      await forgetEverything();
      navigate('/', { replace: true });
    },

    async checkEngine() {
      try {
        const res = await fetch('/health', { cache: 'no-store' });
        set({ engine: res.ok ? 'ok' : 'down' });
        // A database found damaged while the app was open: the engine now refuses every data path.
        const health = res.ok ? ((await res.json()) as { status?: string; error_description?: string }) : null;
        if (health?.status && STORAGE_CODES.has(health.status)) {
          set({ phase: 'storage', storageProblem: { code: health.status, description: health.error_description ?? '' } });
        }
      } catch {
        set({ engine: 'down' });
      }
    },

    async accessToken() {
      if (!session) return null;
      if (session.accessExpires - now() < RENEW_AHEAD && session.refreshToken) await get().refreshSession();
      return session?.accessToken ?? null;
    },

    refreshSession() {
      refreshing ??= withSessionLock(async () => {
        const stored = (await kv.get<StoredSession>(KV.session)) ?? session;
        // Another tab renewed it meanwhile: use its tokens.
        if (
          stored &&
          session &&
          stored.accessToken !== session.accessToken &&
          stored.accessExpires - now() > RENEW_AHEAD
        ) {
          session = stored;
          return true;
        }
        if (!stored?.refreshToken) return false;
        try {
          const answer = await authApi.refresh(stored.refreshToken);
          await saveSession(sessionFrom(answer, stored.userId, stored));
          return true;
        } catch (err) {
          if (err instanceof ApiError && !err.isNetwork && err.status < 500) {
            // The refresh token is no longer valid: the session is over.
            await sessionLost('expired');
          }
          return false;
        }
      }).finally(() => {
        refreshing = null;
      });
      return refreshing;
    },

    async adminToken(force) {
      if (!force && admin && admin.expires - now() > 30) return admin.token;
      const attempt = async () => appApi.adminToken((await get().accessToken()) ?? '');
      let answer;
      try {
        answer = await attempt();
      } catch (err) {
        if (err instanceof ApiError && err.code === 'invalid_token' && (await get().refreshSession()))
          answer = await attempt();
        else throw err;
      }
      admin = { token: answer.access_token, expires: now() + answer.expires_in };
      return admin.token;
    },
  };
};
