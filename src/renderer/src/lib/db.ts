import Dexie, { type EntityTable } from 'dexie';

/**
 * UI-local state only (IndexedDB): the session's tokens, saved history filters, preferences and an
 * instant-start copy of the last dashboard. Financial data always comes from the engine.
 */
export interface KvRow {
  key: string;
  value: unknown;
}

export interface SavedFilterRow {
  id?: number;
  /** The installation and user they belong to (sessionSelectors.scope). */
  userId: string;
  name: string;
  filter: unknown;
  created: number;
}

export interface SnapshotRow {
  /** `dashboard:<installation>|<user id>` */
  key: string;
  savedAt: number;
  data: unknown;
}

class CofferDb extends Dexie {
  kv!: EntityTable<KvRow, 'key'>;
  savedFilters!: EntityTable<SavedFilterRow, 'id'>;
  snapshots!: EntityTable<SnapshotRow, 'key'>;

  constructor() {
    super('coffer-app');
    this.version(1).stores({
      kv: 'key',
      savedFilters: '++id, userId, name',
      snapshots: 'key',
    });
  }
}

export const db = new CofferDb();

/** A small typed key-value area; failures (private mode, quota) never break the app. */
export const kv = {
  async get<T>(key: string): Promise<T | undefined> {
    try {
      return (await db.kv.get(key))?.value as T | undefined;
    } catch {
      return undefined;
    }
  },
  async set(key: string, value: unknown): Promise<void> {
    try {
      await db.kv.put({ key, value });
    } catch {
      // not kept: the app still works for this session
    }
  },
  async remove(key: string): Promise<void> {
    try {
      await db.kv.delete(key);
    } catch {
      // ignore
    }
  },
};

/**
 * Empties everything this window keeps in the browser (every IndexedDB table, localStorage, sessionStorage).
 * Called once the person's profile is deleted: the browser then keeps nothing of them, not even their
 * language or their saved filters.
 */
export async function forgetEverything(): Promise<void> {
  try {
    await db.transaction('rw', db.tables, () => Promise.all(db.tables.map((table) => table.clear())));
  } catch {
    // IndexedDB unavailable (private mode): nothing was kept there
  }
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // storage disabled: nothing was kept there
  }
}

export const KV = {
  session: 'session',
  language: 'language',
  lastView: 'last-view',
  pendingAuth: 'pending-auth',
  pendingConnect: 'pending-connect',
} as const;
