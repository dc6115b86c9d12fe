import type { RouteModule } from '../http/route-module';
import { healthRoutes, openApiRoutes } from './meta';
import { authServerRoutes } from './auth-server';
import { userRoutes } from './users';
import { appSessionRoutes } from './app-session';
import { accountRoutes } from './accounts';
import { categoryRoutes } from './categories';
import { connectionRoutes } from './connections';
import { keyRoutes } from './keys';
import { logoRoutes, providerRoutes } from './providers';
import { transactionRoutes } from './transactions';
import { queueRoutes } from './queues';
import { signedResponseApiRoutes, signKeyRoutes } from './sign-keys';
import { webhookAdminRoutes } from './webhook-admin';
import { adminSettingsRoutes } from './admin-settings';
import { adminBackupRoutes } from './admin-backups';
import { recoveryKeyRoutes } from './recovery-key';
import { rolloutRoutes } from './rollout';

import { authorizeUrlRoutes } from './authorize-url';
import { adminConnectorRoutes } from './admin-connectors';
import { consentPageRoutes } from './consent-page';
import { professionalAccountRoutes } from './professional-accounts';
import { widgetRoutes } from './widget';
import { documentRoutes } from './documents';
import { categorizationRuleRoutes } from './categorization-rules';
import { recurringPaymentRoutes } from './recurring-payments';
import { exportImportRoutes } from './export-import';
import { budgetRoutes } from './budgets';
import { fxRateRoutes } from './fx-rates';
import { manualAccountRoutes, manualTransactionRoutes } from './manual-ledger';
import { reconciliationRoutes } from './reconciliation';
import { documentPreviewRoutes } from './document-preview';
import { transactionSplitRoutes } from './transaction-splits';
import { transferRoutes } from './transfers';
import { ledgerOperationRoutes } from './ledger-operations';
import { ownCategoryRoutes } from './own-categories';
import { payeeRoutes } from './payees';
import { forecastRoutes } from './forecast';
import { reportRoutes } from './reports';
/** Every route module of the engine. Add a module here to serve it. */
export const routeModules: RouteModule[] = [
  signedResponseApiRoutes,
  signKeyRoutes,
  openApiRoutes,
  healthRoutes,
  appSessionRoutes,
  authServerRoutes,
  userRoutes,
  providerRoutes,
  logoRoutes,
  categoryRoutes,
  keyRoutes,
  connectionRoutes,
  accountRoutes,
  transactionRoutes,
  queueRoutes,
  webhookAdminRoutes,
  adminSettingsRoutes,
  adminBackupRoutes,
  recoveryKeyRoutes,
  adminConnectorRoutes,
  rolloutRoutes,
  authorizeUrlRoutes,
  consentPageRoutes,
  professionalAccountRoutes,
  widgetRoutes,
  documentRoutes,
  categorizationRuleRoutes,
  exportImportRoutes,
  budgetRoutes,
  fxRateRoutes,
  manualAccountRoutes,
  manualTransactionRoutes,
  reconciliationRoutes,
  documentPreviewRoutes,
  transactionSplitRoutes,
  transferRoutes,
  recurringPaymentRoutes,
  ledgerOperationRoutes,
  ownCategoryRoutes,
  payeeRoutes,
  forecastRoutes,
  reportRoutes,
];
