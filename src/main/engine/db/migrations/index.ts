import m001 from './m001_initial';
import m020 from './m020_transaction_list_indexes';
import m021 from './m021_status_before_close';
import m050 from './m050_document_channel_identity';
import m022 from './m022_transaction_prefix_order_indexes';

/**
 * Versioned migrations, applied in order at start. Never edit a migration that has shipped: add one.
 * Areas that need schema changes append `mNNN_<what>.ts` here.
 */
export const migrations: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  { version: 1, name: 'initial', sql: m001 },
  { version: 20, name: 'transaction_list_indexes', sql: m020 },
  { version: 21, name: 'status_before_close', sql: m021 },
  { version: 22, name: 'transaction_prefix_order_indexes', sql: m022 },
  { version: 50, name: 'document_channel_identity', sql: m050 },
];
