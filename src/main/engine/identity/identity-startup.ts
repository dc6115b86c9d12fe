import type { EngineBasics } from '../engine-basics';
import type { Identity } from './identity';
import { ensureIntegratorClient } from './integrator-client';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Identity at start: integrator client and its file, id_token signing key, token purge. */
export const identityStartup = async (
  ctx: Pick<EngineBasics, 'dataDir' | 'db' | 'now' | 'log' | 'onClose'> & { identity: Identity },
): Promise<void> => {
  const { identity } = ctx;
  ensureIntegratorClient(ctx, identity.clients);
  await identity.idTokenKey();
  identity.tokens.purgeExpired(ctx.now());
  const timer = setInterval(() => {
    try {
      identity.tokens.purgeExpired(ctx.now());
    } catch (err) {
      ctx.log.warn({ err }, 'could not purge expired tokens');
    }
  }, PURGE_EVERY_MS);
  timer.unref();
  ctx.onClose(() => clearInterval(timer));
};
