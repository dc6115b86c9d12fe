import type { Db } from '../db/database';

/** The `settings` table: installation-wide values, kept as JSON text by key. */
export function createSettingsStore(db: Db) {
  const all = db.prepare<[], { key: string; value: string }>('SELECT key, value FROM settings');
  const upsert = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  return {
    /** Every stored setting, its value parsed. */
    all: (): Array<{ key: string; value: unknown }> => all.all().map((r) => ({ key: r.key, value: JSON.parse(r.value) as unknown })),
    set: (key: string, value: unknown): void => void upsert.run(key, JSON.stringify(value)),
  };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;
