import type { Db } from '../db/database';
import { watchAuthChanges } from '../store/auth-changes';

/**
 * Remembers token lookups so an authenticated request costs a Map lookup instead of a SQL join, without
 * ever serving a stale answer:
 * - TEMP triggers on this connection bump an in-process epoch whenever a token is updated or deleted (revoke,
 *   rotation, cascade from a client or user) or a user row changes (terms acceptance, profile: cached
 *   lookups carry the user's profile) or a user is deleted;
 * - `PRAGMA data_version` changes when another process (the CLI) commits to the database.
 * Either change empties the cache. New tokens need nothing: they are simply not cached yet.
 */
export class TokenCache<T extends { expires: number | null }> {
  private readonly entries = new Map<string, T>();
  private epoch = 0;
  private seenEpoch = 0;
  private seenDataVersion: number;
  private readonly dataVersion: () => number;

  constructor(
    db: Db,
    private readonly maxEntries = 10_000,
  ) {
    const watch = watchAuthChanges(db, () => {
      this.epoch++;
    });
    this.dataVersion = () => watch.dataVersion();
    this.seenDataVersion = this.dataVersion();
  }

  /** The cached value for a token hash, if still valid at `now`. */
  get(hash: string, now: number): T | undefined {
    this.revalidate();
    const entry = this.entries.get(hash);
    if (entry && entry.expires !== null && entry.expires <= now) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry;
  }

  set(hash: string, value: T): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(hash, value);
  }

  private revalidate(): void {
    const dataVersion = this.dataVersion();
    if (this.epoch !== this.seenEpoch || dataVersion !== this.seenDataVersion) {
      this.entries.clear();
      this.seenEpoch = this.epoch;
      this.seenDataVersion = dataVersion;
    }
  }
}
