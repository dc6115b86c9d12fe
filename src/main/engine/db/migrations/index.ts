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
import m012 from './m012_own_categories_payees';
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
  // 11 is reserved for a migration of another branch merged at the same time; this placeholder keeps the
  // versions consecutive until then (an empty migration changes nothing).
  { version: 11, name: 'reserved', sql: '' },
  { version: 12, name: 'own_categories_payees', sql: m012 },
];
