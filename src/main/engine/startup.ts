import type { EngineContext } from './context';
import { identityStartup } from './identity/identity-startup';
import { ensureAppClient } from './app-session/app-client';
import { seedCatalogue } from './catalogue/seed';
import { purgeEncryptionKeys } from './services/keys';
import { ensureSigningKey } from './signing/signing-keys';

/**
 * Work engine parts not yet composed explicitly in engine.ts do once at start, before the server accepts
 * requests (seed the catalogue, make the integrator client…). They run in this order, before the events,
 * webhooks, statement files and synchronization parts start (engine.ts).
 */
export type StartupStep = (ctx: EngineContext) => void | Promise<void>;

export const startupSteps: StartupStep[] = [
  identityStartup,
  ensureAppClient,
  seedCatalogue,
  purgeEncryptionKeys,
  ensureSigningKey,
];
