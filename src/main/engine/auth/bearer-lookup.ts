import type { Db } from '../db/database';
import type { BearerRow, TokensStore } from '../store/tokens';
import { TokenCache } from './token-cache';

/**
 * Finds who a presented bearer token is (by the SHA-256 of its value), remembering answers in a
 * TokenCache so that an authenticated request costs a Map lookup instead of a SQL join, never stale.
 */
export class BearerLookup {
  private readonly cache: TokenCache<BearerRow>;

  constructor(
    db: Db,
    private readonly tokens: TokensStore,
  ) {
    this.cache = new TokenCache<BearerRow>(db);
  }

  get(hash: string, now: number): BearerRow | undefined {
    const hit = this.cache.get(hash, now);
    if (hit) return hit;
    const row = this.tokens.findBearer(hash, now);
    if (row) this.cache.set(hash, row);
    return row;
  }
}
