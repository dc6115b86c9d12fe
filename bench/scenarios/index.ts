import type { Report } from '../report';
import { transactionsScenario } from './transactions';
import { authScenario } from './auth';
import { syncScenario } from './sync';
import { eventsScenario } from './events';
import { documentsScenario } from './documents';
import { uiHistoryScenario } from './ui-history';
import { enableBankingScenario } from './enablebanking';
import { simplefinScenario } from './simplefin';
import { responsivenessScenario } from './responsiveness';
import { labelsScenario } from './labels';
import { exportScenario } from './export';
import { backupScenario } from './backup';
import { budgetScenario } from './budget';
import { fxScenario } from './fx';
import { transfersScenario } from './transfers';
import { recurringScenario } from './recurring';
import { forecastScenario } from './forecast';
import { ledgerScenario } from './ledger';
import { ownCategoriesScenario } from './own-categories';
import { reportsScenario } from './reports';

/** A benchmark scenario: measures, then adds rows to the report. Add yours to the list. */
export interface Scenario {
  name: string;
  run(report: Report): Promise<void>;
}

export const scenarios: Scenario[] = [
  transactionsScenario,
  authScenario,
  syncScenario,
  eventsScenario,
  documentsScenario,
  uiHistoryScenario,
  enableBankingScenario,
  simplefinScenario,
  responsivenessScenario,
  labelsScenario,
  exportScenario,
  backupScenario,
  budgetScenario,
  fxScenario,
  transfersScenario,
  recurringScenario,
  forecastScenario,
  ledgerScenario,
  ownCategoriesScenario,
  reportsScenario,
];
