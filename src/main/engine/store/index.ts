import type { Db } from '../db/database';
import { createAccountStore } from './accounts';
import { createCategoryStore } from './categories';
import { createChannelStore } from './channels';
import { createConnectionStore } from './connections';
import { createKeyStore } from './keys';
import { createProviderStore } from './providers';
import { createRolloutStore } from './rollout';
import { createSettingsStore } from './settings';
import { createTransactionQueries } from './transaction-queries';

/**
 * Every SQL statement of the engine, one field per aggregate. Built once per engine (each module keeps its
 * prepared statements and caches in its own closure), so two engines in one process share nothing.
 */
export function createStore(db: Db) {
  return {
    /** Runs `fn` in one database transaction (nested calls join the outer one as a savepoint). */
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
    connections: createConnectionStore(db),
    channels: createChannelStore(db),
    accounts: createAccountStore(db),
    transactionQueries: createTransactionQueries(db),
    providers: createProviderStore(db),
    categories: createCategoryStore(db),
    keys: createKeyStore(db),
    settings: createSettingsStore(db),
    rollout: createRolloutStore(db),
  };
}

export type Store = ReturnType<typeof createStore>;
