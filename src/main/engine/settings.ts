import type { SettingsStore } from './store/settings';

/** Installation-wide settings (`GET/PUT /admin/settings`: docs/api/admin.md#settings), with their defaults. */
export interface SettingsShape {
  /** Hours between automatic synchronizations of `auto_sync` connections. */
  sync_interval_hours: number;
  /** Seconds a challenge waits for `user_input` before CHALLENGE_TIMED_OUT. */
  challenge_timeout_seconds: number;
  /**
   * Above this many accounts, webhook events carry an empty `accounts` array (docs/api/events.md#accounts-threshold).
   */
  webhook_accounts_threshold: number;
  /** Channel synchronizations allowed to run at once. */
  max_parallel_syncs: number;
  /** Extra origins allowed to call the API from a browser (see docs/api/server.md#host-and-origin). */
  allowed_origins: string[];
  /** Absolute folder where backups are written; empty: the data folder's `backups/`. */
  backup_folder: string;
}

export const DEFAULT_SETTINGS: SettingsShape = {
  sync_interval_hours: 12,
  challenge_timeout_seconds: 300,
  webhook_accounts_threshold: 100,
  max_parallel_syncs: 4,
  allowed_origins: [],
  backup_folder: '',
};

export class Settings {
  private cache = new Map<string, unknown>();

  constructor(private readonly rows: SettingsStore) {
    for (const row of rows.all()) this.cache.set(row.key, row.value);
  }

  get<K extends keyof SettingsShape>(key: K): SettingsShape[K] {
    return (this.cache.has(key) ? this.cache.get(key) : DEFAULT_SETTINGS[key]) as SettingsShape[K];
  }

  all(): SettingsShape {
    const out = { ...DEFAULT_SETTINGS };
    for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof SettingsShape)[]) {
      (out as Record<string, unknown>)[key] = this.get(key);
    }
    return out;
  }

  set<K extends keyof SettingsShape>(key: K, value: SettingsShape[K]): void {
    this.setRaw(key, value);
  }

  /** Untyped settings kept by engine parts for themselves (install id, roll-out state…). */
  getRaw<T>(key: string): T | undefined {
    return this.cache.get(key) as T | undefined;
  }

  /** Reads every setting again from the database (after its rows were replaced wholesale, by a restore). */
  reload(): void {
    this.cache.clear();
    for (const row of this.rows.all()) this.cache.set(row.key, row.value);
  }

  setRaw(key: string, value: unknown): void {
    this.rows.set(key, value);
    this.cache.set(key, value);
  }
}
