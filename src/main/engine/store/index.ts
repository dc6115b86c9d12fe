/**
 * The store: every SQL statement of the engine, one module per aggregate. `createStore(db)` prepares them
 * once per engine (each module caches its statements in its own closure); nothing outside store/ and db/
 * writes SQL.
 */
import type { Db } from '../db/database';
import { createAccountSyncStore } from './account-sync';
import { createDocumentsStore } from './documents';
import { createEventsStore } from './events';
import { createQueuesStore } from './queues';
import { createSyncRunsStore } from './sync-runs';
import { TransactionStore } from './transaction-writes';
import { createWebhooksStore } from './webhooks';

export function createStore(db: Db) {
  return {
    events: createEventsStore(db),
    queues: createQueuesStore(db),
    webhooks: createWebhooksStore(db),
    syncRuns: createSyncRunsStore(db),
    accountSync: createAccountSyncStore(db),
    transactionWrites: new TransactionStore(db),
    documents: createDocumentsStore(db),
  };
}

export type Store = ReturnType<typeof createStore>;
