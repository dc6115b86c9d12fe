import type { Settings } from '../settings';
import { createAccountService } from './accounts';
import { heldRatesMoney } from './budgets/held-rates-money';
import { createBudgetService } from './budgets/budget-service';
import { createReportService } from './reports';
import { createCategoryService } from './categories';
import { createCategorizationRuleService } from './categorization-rules';
import { createConnectionService } from './connections';
import { createConnectorConfigurationService, type ConnectorConfigurationDeps } from './connector-configuration';
import type { ServiceDeps } from './deps';
import { createExportImportService } from './export-import';
import { createForecastService } from './forecast';
import { createFxRateService, RatesRefresh } from './fx-rates';
import type { RatesRefreshDeps } from './fx-rates/rates-refresh';
import { createManualLedgerService } from './manual-ledger';
import { createLedgerOperationService } from './ledger-operations';
import { createOwnCategoryService } from './own-categories';
import { createPayeeService } from './payees';
import { createProviderService } from './providers';
import { createRecurringPaymentService, type RecurringEventEmitter } from './recurring-payments';
import { createRolloutService } from './rollout';
import { createSettingsService } from './settings';
import { createTransactionService } from './transactions';
import { createTransferService } from './transfers';

export type { ServiceDeps } from './deps';

/** The use cases the routes call, built once per engine (engine.ts) from the dependencies it hands them. */
export function createServices(
  deps: ServiceDeps & {
    settings: Settings;
    connectorConfiguration: ConnectorConfigurationDeps;
    ratesRefresh: RatesRefreshDeps;
    emitEvent: RecurringEventEmitter;
  },
) {
  const budgetMoney = heldRatesMoney(deps.store, deps.now);
  const budgets = createBudgetService({ ...deps, money: budgetMoney });
  return {
    accounts: createAccountService(deps),
    connections: createConnectionService(deps),
    transactions: createTransactionService(deps),
    providers: createProviderService(deps),
    categories: createCategoryService(deps),
    categorizationRules: createCategorizationRuleService(deps),
    budgets,
    forecast: createForecastService({ ...deps, money: budgetMoney, budgetMonth: (userId, month) => budgets.month(userId, month, 'en') }),
    transfers: createTransferService(deps),
    // Transfers between the person's own accounts are not payments to anyone.
    recurringPayments: createRecurringPaymentService({ ...deps, transferIds: (userId) => deps.store.transferLinks.linkedTransactionIds(userId) }),
    ledgerOperations: createLedgerOperationService(deps),
    ownCategories: createOwnCategoryService(deps),
    payees: createPayeeService(deps),
    keys: deps.keys,
    rollout: createRolloutService(deps),
    settings: createSettingsService(deps),
    exportImport: createExportImportService(deps),
    manualLedger: createManualLedgerService(deps),
    connectorConfigurations: createConnectorConfigurationService(deps.connectorConfiguration),
    fxRates: createFxRateService(deps),
    reports: createReportService(deps),
    ratesRefresh: new RatesRefresh(deps.ratesRefresh),
  };
}

export type Services = ReturnType<typeof createServices>;
