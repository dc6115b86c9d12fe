import type { StartupStep } from '../startup';
import { identityState } from './identity-state';
import { ensureIntegratorClient } from './integrator-client';
import { loadTerms } from './terms';
import { TokensRepository } from './tokens-repository';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Identity at start: terms readable, integrator client and its file, id_token signing key, token purge. */
export const identityStartup: StartupStep = async (ctx) => {
  loadTerms(ctx.resourcesDir);
  ensureIntegratorClient(ctx);
  await identityState(ctx).idTokenKey();
  const tokens = new TokensRepository(ctx.db);
  tokens.purgeExpired(ctx.now());
  const timer = setInterval(() => {
    try {
      tokens.purgeExpired(ctx.now());
    } catch (err) {
      ctx.log.warn({ err }, 'could not purge expired tokens');
    }
  }, PURGE_EVERY_MS);
  timer.unref();
  ctx.onClose(() => clearInterval(timer));
};
