import type { Db } from '../../db/database';

/**
 * A stamp that changes whenever the database may have changed: rows written through this connection
 * (`total_changes()`, which never decreases) or a commit by any other connection (`PRAGMA data_version`).
 * Cached read results keyed with it can never be stale.
 */
export function dbVersionReader(db: Db): () => string {
  const changes = db.prepare('SELECT total_changes()').pluck();
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  return () => `${changes.get() as number}:${dataVersion.get() as number}`;
}

/** A small LRU of read results valid for one database version. */
export class VersionedCache<V> {
  private entries = new Map<string, { version: string; value: V }>();

  constructor(
    private readonly version: () => string,
    private readonly capacity = 256,
  ) {}

  get(key: string, compute: () => V): V {
    const version = this.version();
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const value = compute();
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
