import type { Db } from '../database';

/**
 * Ids are never reused (see docs/api/ids-and-times.md#ids): without AUTOINCREMENT, SQLite gives a new row max(id) + 1,
 * so deleting the newest user, connection, account… hands its id to the next one (a deleted user's id_token would then
 * name someone else). This migration rebuilds every table whose integer id is served or referenced with `INTEGER
 * PRIMARY KEY AUTOINCREMENT` (SQLite then remembers the highest id ever used, in sqlite_sequence).
 *
 * The rebuild follows SQLite's "12 steps" (https://www.sqlite.org/lang_altertable.html#otheralter): with
 * foreign keys off (the runner does it, see `foreignKeysOff`), create the new table, copy the rows, drop the
 * old one, rename the new one, recreate the old one's indexes and triggers, then check the foreign keys.
 * `legacy_alter_table` keeps the rename from re-parsing other tables' triggers while the old table is gone.
 */
export const TABLES_WITH_LASTING_IDS = [
  'users',
  'connections',
  'channels',
  'accounts',
  'transactions',
  'sync_runs',
  'queues',
  'webhook_deliveries',
] as const;

export function idsNeverReused(db: Db): void {
  db.pragma('legacy_alter_table = ON');
  try {
    for (const table of TABLES_WITH_LASTING_IDS) rebuildWithAutoincrement(db, table);
  } finally {
    db.pragma('legacy_alter_table = OFF');
  }
}

function rebuildWithAutoincrement(db: Db, table: string): void {
  const def = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) as
    | { sql: string }
    | undefined;
  if (!def) return;
  if (/AUTOINCREMENT/i.test(def.sql)) return;
  const pk = /\bid(\s+)INTEGER\s+PRIMARY\s+KEY\b/i;
  if (!pk.test(def.sql)) throw new Error(`table ${table}: no "id INTEGER PRIMARY KEY" column to make AUTOINCREMENT`);
  const tmp = `${table}__autoincrement`;
  const created = def.sql
    .replace(pk, 'id$1INTEGER PRIMARY KEY AUTOINCREMENT')
    .replace(new RegExp(`^CREATE TABLE\\s+("?)${table}\\1`, 'i'), `CREATE TABLE "${tmp}"`);
  if (created === def.sql || !created.includes(tmp)) throw new Error(`table ${table}: cannot rewrite its definition`);
  const dependents = db
    .prepare("SELECT sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL")
    .all(table) as { sql: string }[];
  const columns = (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[])
    .map((c) => `"${c.name}"`)
    .join(', ');
  const maxId = (db.prepare(`SELECT max(id) AS m FROM "${table}"`).get() as { m: number | null }).m ?? 0;
  db.exec(created);
  db.exec(`INSERT INTO "${tmp}" (${columns}) SELECT ${columns} FROM "${table}"`);
  db.exec(`DROP TABLE "${table}"`);
  db.exec(`ALTER TABLE "${tmp}" RENAME TO "${table}"`);
  for (const d of dependents) db.exec(d.sql);
  // Ids already handed out and deleted since cannot be known; at least the highest one present stays used.
  db.prepare('UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?').run(maxId, table);
}
