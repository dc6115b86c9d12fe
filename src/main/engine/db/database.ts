import Database from 'better-sqlite3';
import { migrations } from './migrations';

export type Db = Database.Database;

export interface OpenOptions {
  /** Path of the better-sqlite3 native addon built for the running runtime (Electron's ABI differs from Node's). */
  nativeBinding?: string;
  /** Called once before migrations change an existing database (not a new one): the engine backs it up there. */
  beforeMigrations?: (db: Db) => void;
}

/** Opens (creating if needed) the engine database: WAL, foreign keys on, migrations applied. */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  const db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -65536');
  db.pragma('temp_store = MEMORY');
  migrate(db, options.beforeMigrations);
  return db;
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

function migrate(db: Db, beforeMigrations?: (db: Db) => void): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migration ${m.name} has version ${m.version}; expected ${i + 1} (consecutive)`);
  });
  const current = schemaVersion(db);
  const latest = migrations[migrations.length - 1]?.version ?? 0;
  if (current > latest) {
    throw new Error(
      `database schema version ${current} is newer than this Coffer (${latest}); upgrade Coffer or use another data directory`,
    );
  }
  if (current > 0 && current < latest) beforeMigrations?.(db);
  for (const m of migrations) {
    if (m.version <= current) continue;
    // PRAGMA foreign_keys is a no-op inside a transaction: switched around it.
    if (m.foreignKeysOff) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        if (m.sql) db.exec(m.sql);
        m.run?.(db);
        if (m.foreignKeysOff) {
          const broken = db.pragma('foreign_key_check') as unknown[];
          if (broken.length) throw new Error(`migration ${m.name} left ${broken.length} broken foreign key(s)`);
        }
        db.pragma(`user_version = ${m.version}`);
      }).immediate();
    } finally {
      if (m.foreignKeysOff) db.pragma('foreign_keys = ON');
    }
  }
}

/** Consistent online copy of the database (VACUUM INTO): safe while the engine runs. */
export function backupDatabase(db: Db, targetFile: string): void {
  db.prepare('VACUUM INTO ?').run(targetFile);
}

/** Closes cleanly: checkpoints the WAL into the main file first. */
export function closeDatabase(db: Db): void {
  if (!db.open) return;
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}
