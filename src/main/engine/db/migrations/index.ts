import m001 from './m001_initial';
import m002 from './m002_transaction_list_indexes';
import m003 from './m003_status_before_close';
import m004 from './m004_transaction_prefix_order_indexes';
import m005 from './m005_document_channel_identity';
import m006 from './m006_dynamic_providers';
import { idsNeverReused } from './m007_ids_never_reused';
import m008 from './m008_history_corrections';
import m009 from './m009_account_closing';
import m010 from './m010_consent_declined';
import m011 from './m011_fx_rates';
import m012 from './m012_budgets';
import m013 from './m013_manual_ledger';
import m014 from './m014_splits_and_transfers';
import m015 from './m015_recurring_payments';
import m016 from './m016_ledger_operations';
import m017 from './m017_own_categories_payees';
import type { Db } from '../database';

/**
 * Versioned migrations, applied in order at start; `PRAGMA user_version` records the last one applied.
 * Versions are consecutive (1, 2, 3…): a new migration takes the next number and goes at the end.
 * Never edit a migration that has shipped: add one.
 */
export interface Migration {
  version: number;
  name: string;
  /** SQL run inside the migration's transaction. */
  sql?: string;
  /** Or code run inside it (table rebuilds). */
  run?: (db: Db) => void;
  /**
   * Foreign keys off while it runs (a table rebuild drops and recreates referenced tables; with them on,
   * dropping would cascade). The runner checks every foreign key before committing.
   */
  foreignKeysOff?: boolean;
}

export const migrations: ReadonlyArray<Migration> = [
  { version: 1, name: 'initial', sql: m001 },
  { version: 2, name: 'transaction_list_indexes', sql: m002 },
  { version: 3, name: 'status_before_close', sql: m003 },
  { version: 4, name: 'transaction_prefix_order_indexes', sql: m004 },
  { version: 5, name: 'document_channel_identity', sql: m005 },
  { version: 6, name: 'dynamic_providers', sql: m006 },
  { version: 7, name: 'ids_never_reused', run: idsNeverReused, foreignKeysOff: true },
  { version: 8, name: 'history_corrections', sql: m008 },
  { version: 9, name: 'account_closing', sql: m009 },
  { version: 10, name: 'consent_declined', sql: m010 },
  { version: 11, name: 'fx_rates', sql: m011 },
  { version: 12, name: 'budgets', sql: m012 },
  { version: 13, name: 'manual_ledger', sql: m013 },
  { version: 14, name: 'splits_and_transfers', sql: m014 },
  { version: 15, name: 'recurring_payments', sql: m015 },
  { version: 16, name: 'ledger_operations', sql: m016 },
  { version: 17, name: 'own_categories_payees', sql: m017 },
];
