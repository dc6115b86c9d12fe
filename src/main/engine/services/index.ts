import type { Settings } from '../settings';
import { createAccountService } from './accounts';
import { createCategoryService } from './categories';
import { createCategorizationRuleService } from './categorization-rules';
import { createConnectionService } from './connections';
import { createConnectorConfigurationService, type ConnectorConfigurationDeps } from './connector-configuration';
import type { ServiceDeps } from './deps';
import { createExportImportService } from './export-import';
import { createOwnCategoryService } from './own-categories';
import { createPayeeService } from './payees';
import { createProviderService } from './providers';
import { createRolloutService } from './rollout';
import { createSettingsService } from './settings';
import { createTransactionService } from './transactions';

export type { ServiceDeps } from './deps';

/** The use cases the routes call, built once per engine (engine.ts) from the dependencies it hands them. */
export function createServices(deps: ServiceDeps & { settings: Settings; connectorConfiguration: ConnectorConfigurationDeps }) {
  return {
    accounts: createAccountService(deps),
    connections: createConnectionService(deps),
    transactions: createTransactionService(deps),
    providers: createProviderService(deps),
    categories: createCategoryService(deps),
    categorizationRules: createCategorizationRuleService(deps),
    ownCategories: createOwnCategoryService(deps),
    payees: createPayeeService(deps),
    keys: deps.keys,
    rollout: createRolloutService(deps),
    settings: createSettingsService(deps),
    exportImport: createExportImportService(deps),
    connectorConfigurations: createConnectorConfigurationService(deps.connectorConfiguration),
  };
}

export type Services = ReturnType<typeof createServices>;
