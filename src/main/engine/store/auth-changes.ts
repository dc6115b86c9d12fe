import type { Db } from '../db/database';

/** What a cache of token lookups needs to know that its answers may be stale. */
export interface AuthChangeWatch {
  /** Changes whenever another connection (the CLI's process) committed to the database. */
  dataVersion(): number;
}

/**
 * Calls `onChange` whenever, on this connection, a token is updated or deleted (revoke, rotation, cascade
 * from a client or user) or a user row is updated (terms, profile) or deleted: TEMP triggers calling a SQL
 * function of this process. New tokens need nothing: a cache simply has not seen them yet. Commits of other
 * processes are seen through `PRAGMA data_version`.
 */
export function watchAuthChanges(db: Db, onChange: () => void): AuthChangeWatch {
  const fn = `coffer_auth_changed_${Math.random().toString(36).slice(2)}`;
  db.function(fn, { deterministic: false, varargs: false }, () => {
    onChange();
    return null;
  });
  db.exec(`
    CREATE TEMP TRIGGER IF NOT EXISTS ${fn}_tok_upd AFTER UPDATE ON main.oauth_tokens BEGIN SELECT ${fn}(); END;
    CREATE TEMP TRIGGER IF NOT EXISTS ${fn}_tok_del AFTER DELETE ON main.oauth_tokens BEGIN SELECT ${fn}(); END;
    CREATE TEMP TRIGGER IF NOT EXISTS ${fn}_usr_terms AFTER UPDATE ON main.users BEGIN SELECT ${fn}(); END;
    CREATE TEMP TRIGGER IF NOT EXISTS ${fn}_usr_del AFTER DELETE ON main.users BEGIN SELECT ${fn}(); END;
  `);
  const version = db.prepare('PRAGMA data_version').pluck();
  return { dataVersion: () => version.get() as number };
}
