/**
 * The store: every SQL statement of the engine, one module per aggregate. `createStore(db)` prepares them
 * once per engine (each module keeps its prepared statements and caches in its own closure), so two engines
 * in one process share nothing; nothing outside store/ and db/ writes SQL.
 */
import type { Db } from '../db/database';
import { createAccountStore } from './accounts';
import { createAccountSyncStore } from './account-sync';
import { createBudgetStore } from './budgets';
import { createCategoryStore } from './categories';
import { createCategorizationRuleStore } from './categorization-rules';
import { createCategoryCorrectionStore } from './category-corrections';
import { createChannelStore } from './channels';
import { createClientsStore } from './clients';
import { createConnectionStore } from './connections';
import { createConsentRemindersStore } from './consent-reminders';
import { createDocumentsStore } from './documents';
import { createDynamicProvidersStore } from './dynamic-providers';
import { createOwnCategoryStore } from './own-categories';
import { createPayeeStore } from './payees';
import { createEventsStore } from './events';
import { createForecastStore } from './forecast';
import { createFxRateStore } from './fx-rates';
import { createSummaryBalanceStore } from './summary-balances';
import { createKeyStore } from './keys';
import { createManualLedgerStore } from './manual-ledger';
import { createReconciliationStore } from './reconciliations';
import { createLedgerOperationStore } from './ledger-operations';
import { createLedgerRowStore } from './ledger-rows';
import { createProviderStore } from './providers';
import { createQueuesStore } from './queues';
import { createRecurringPaymentStore } from './recurring-payments';
import { createRolloutStore } from './rollout';
import { createSettingsStore } from './settings';
import { createSignKeysStore } from './sign-keys';
import { createSyncRunsStore } from './sync-runs';
import { createTokensStore } from './tokens';
import { createTransactionEditStore } from './transaction-edits';
import { createTransactionQueries } from './transaction-queries';
import { createTransactionSplitStore } from './transaction-splits';
import { createTransferLinkStore } from './transfer-links';
import { TransactionStore } from './transaction-writes';
import { createUserDataStore } from './user-data';
import { createReportStore } from './reports';
import { createUsersStore } from './users';
import { createWebhooksStore } from './webhooks';
import { createWidgetPagesStore } from './widget-pages';

export function createStore(db: Db) {
  return {
    /**
     * Runs `fn` in one database transaction (nested calls join the outer one as a savepoint). IMMEDIATE:
     * the write lock is taken first. Another connection (the results writer thread, a CLI) may commit while
     * this one runs; a DEFERRED transaction that read before that commit could then not write at all
     * (SQLITE_BUSY_SNAPSHOT, which no busy timeout waits out), and the request would fail. Every
     * transaction of the store is taken this way.
     */
    transaction: <T>(fn: () => T): T => db.transaction(fn).immediate(),
    users: createUsersStore(db),
    tokens: createTokensStore(db),
    clients: createClientsStore(db),
    signKeys: createSignKeysStore(db),
    widgetPages: createWidgetPagesStore(db),
    connections: createConnectionStore(db),
    channels: createChannelStore(db),
    accounts: createAccountStore(db),
    transactionQueries: createTransactionQueries(db),
    transactionWrites: new TransactionStore(db),
    transactionEdits: createTransactionEditStore(db),
    categorizationRules: createCategorizationRuleStore(db),
    categoryCorrections: createCategoryCorrectionStore(db),
    transactionSplits: createTransactionSplitStore(db),
    transferLinks: createTransferLinkStore(db),
    recurringPayments: createRecurringPaymentStore(db),
    forecast: createForecastStore(db),
    accountSync: createAccountSyncStore(db),
    syncRuns: createSyncRunsStore(db),
    providers: createProviderStore(db),
    categories: createCategoryStore(db),
    ownCategories: createOwnCategoryStore(db),
    payees: createPayeeStore(db),
    keys: createKeyStore(db),
    settings: createSettingsStore(db),
    rollout: createRolloutStore(db),
    events: createEventsStore(db),
    queues: createQueuesStore(db),
    webhooks: createWebhooksStore(db),
    documents: createDocumentsStore(db),
    dynamicProviders: createDynamicProvidersStore(db),
    consentReminders: createConsentRemindersStore(db),
    userData: createUserDataStore(db),
    budgets: createBudgetStore(db),
    fxRates: createFxRateStore(db),
    summaryBalances: createSummaryBalanceStore(db),
    manualLedger: createManualLedgerStore(db),
    reconciliations: createReconciliationStore(db),
    ledgerOperations: createLedgerOperationStore(db),
    ledgerRows: createLedgerRowStore(db),
    reports: createReportStore(db),
  };
}

/** Every SQL statement of the engine, one field per aggregate. */
export type Store = ReturnType<typeof createStore>;
