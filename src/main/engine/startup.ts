import type { EngineContext } from './context';
import { identityStartup } from './identity/identity-startup';
import { ensureAppClient } from './app-session/app-client';
import { seedCatalogue } from './catalogue/seed';
import { purgeEncryptionKeys } from './resources/keys/key-store';
import { startEventSweeper } from './events/queue-maintenance';
import { ensureSigningKey } from './signing/sign-key-store';
import { startWebhooks } from './webhooks/webhook-service';
import { startSynchronization } from './sync/sync-startup';
import { startStatementFiles } from './connectors/statements';
import { startDynamicCatalogue } from './connector-config/dynamic-catalogue';
import { startConsentReminders } from './connector-config/consent-reminder';

/**
 * Work each engine part does once at start, before the server accepts requests (seed the catalogue, make
 * the integrator client, recover interrupted synchronizations…). They run in this order.
 */
export type StartupStep = (ctx: EngineContext) => void | Promise<void>;

export const startupSteps: StartupStep[] = [
  identityStartup,
  ensureAppClient,
  seedCatalogue,
  purgeEncryptionKeys,
  startEventSweeper,
  ensureSigningKey,
  startWebhooks,
  startStatementFiles,
  startSynchronization,
  startDynamicCatalogue,
  startConsentReminders,
];
