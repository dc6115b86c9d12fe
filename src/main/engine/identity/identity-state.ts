import type { EngineContext } from '../context';
import { LoginGuard } from './login-throttle';
import { loadIdTokenKey, type IdTokenKey } from './oauth/id-token';

/** What the identity module keeps in memory for one running engine. */
export interface IdentityState {
  loginGuard: LoginGuard;
  idTokenKey(): Promise<IdTokenKey>;
}

const states = new WeakMap<EngineContext, IdentityState>();

export function identityState(ctx: EngineContext): IdentityState {
  let state = states.get(ctx);
  if (!state) {
    let key: Promise<IdTokenKey> | null = null;
    state = {
      loginGuard: new LoginGuard(),
      idTokenKey: () => (key ??= loadIdTokenKey(ctx).catch((err) => ((key = null), Promise.reject(err)))),
    };
    states.set(ctx, state);
  }
  return state;
}
