/**
 * The store: every SQL statement of the engine, one module per aggregate. `createStore(db)` prepares them
 * once per engine (each module caches its statements in its own closure); nothing outside store/ and db/
 * writes SQL.
 */
import type { Db } from '../db/database';
import { createAccountSyncStore } from './account-sync';
import { createClientsStore } from './clients';
import { createDocumentsStore } from './documents';
import { createEventsStore } from './events';
import { createQueuesStore } from './queues';
import { createSignKeysStore } from './sign-keys';
import { createSyncRunsStore } from './sync-runs';
import { createTokensStore } from './tokens';
import { TransactionStore } from './transaction-writes';
import { createUsersStore } from './users';
import { createWebhooksStore } from './webhooks';
import { createWidgetPagesStore } from './widget-pages';

export function createStore(db: Db) {
  return {
    users: createUsersStore(db),
    tokens: createTokensStore(db),
    clients: createClientsStore(db),
    signKeys: createSignKeysStore(db),
    widgetPages: createWidgetPagesStore(db),
    events: createEventsStore(db),
    queues: createQueuesStore(db),
    webhooks: createWebhooksStore(db),
    syncRuns: createSyncRunsStore(db),
    accountSync: createAccountSyncStore(db),
    transactionWrites: new TransactionStore(db),
    documents: createDocumentsStore(db),
  };
}

/** Every SQL statement of the engine, one field per aggregate. */
export type Store = ReturnType<typeof createStore>;
