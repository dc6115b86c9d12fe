import type { Db } from '../db/database';

/**
 * A stamp that changes whenever the database may have changed: rows written through this connection
 * (`total_changes()`, which never decreases) or a commit by any other connection (`PRAGMA data_version`).
 * Cached read results keyed with it can never be stale.
 */
export function dbVersionReader(db: Db): () => string {
  const stamp = db.prepare("SELECT total_changes() || ':' || data_version FROM pragma_data_version()").pluck();
  return () => stamp.get() as string;
}

/** A small LRU of read results valid for one database version. */
export class VersionedCache<V> {
  private entries = new Map<string, { version: string; value: V }>();

  constructor(
    private readonly version: () => string,
    private readonly capacity = 256,
  ) {}

  /**
   * The cached value, or `compute()` (kept unless `keep` says otherwise). `version` lets a caller that
   * consults several caches read the stamp once.
   */
  get(key: string, compute: () => V, keep: (value: V) => boolean = () => true, version = this.version()): V {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const value = compute();
    this.entries.delete(key);
    if (!keep(value)) return value;
    this.entries.set(key, { version, value });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  /** The value cached for `key` at `version`, if any. */
  peek(key: string, version: string): V | undefined {
    const hit = this.entries.get(key);
    return hit && hit.version === version ? hit.value : undefined;
  }

  set(key: string, version: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }
}
