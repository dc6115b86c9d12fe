import { randomBytes } from 'node:crypto';
import { hashToken, newTokenValue } from '../auth/token-hash';
import type { Scope, UserScope } from '../auth/scopes';
import { PAT_ID_LENGTH, type TokenKind, type TokenRow, type TokensStore } from '../store/tokens';

export type { TokenKind, TokenRow };

/** Lifetimes of the tokens, in seconds: access 1 hour, refresh 30 days, authorization code 60 s. */
export const ACCESS_TOKEN_TTL = 3600;
export const REFRESH_TOKEN_TTL = 30 * 24 * 3600;
export const CODE_TTL = 60;

const PREFIX: Record<TokenKind, string> = { access: 'cat', refresh: 'crt', code: 'cac', pat: 'cpat' };

export interface IssueOptions {
  clientId: string | null;
  userId: number | null;
  scopes: readonly Scope[];
  /** Tokens that stand or fall together: a code and what it produced, a refresh-token rotation chain. */
  familyId?: string | null;
  redirectUri?: string;
  codeChallenge?: string;
  name?: string;
  /** Overrides the kind's lifetime (seconds from now). */
  expires?: number;
}

/** A personal access token as listed (never its value). Its id is the start of the value's hash. */
export interface PatRecord {
  id: string;
  name: string;
  scopes: UserScope[];
  creation_date: number;
  user_id: string;
}

export const newFamilyId = () => randomBytes(16).toString('base64url');

/** Forgotten this long after expiry (rotated refresh tokens are kept until then for reuse detection). */
const PURGE_AFTER = 86400;

/**
 * Issuing and finding bearer secrets: every one is random and stored only as its SHA-256; a value is found
 * by hashing what is presented (so no secret is ever compared byte by byte).
 */
export class Tokens {
  constructor(private readonly store: TokensStore) {}

  issue(kind: TokenKind, options: IssueOptions, now: number): string {
    const value = newTokenValue(PREFIX[kind]);
    const ttl =
      kind === 'access' ? ACCESS_TOKEN_TTL : kind === 'refresh' ? REFRESH_TOKEN_TTL : kind === 'code' ? CODE_TTL : null;
    this.store.insert({
      hash: hashToken(value),
      kind,
      client_id: options.clientId,
      user_id: options.userId,
      scopes: options.scopes.join(' '),
      family_id: options.familyId ?? null,
      name: options.name ?? null,
      redirect_uri: options.redirectUri ?? null,
      code_challenge: options.codeChallenge ?? null,
      creation_date: now,
      expires: options.expires ?? (ttl === null ? null : now + ttl),
    });
    return value;
  }

  /** The row of a presented value, whatever its state (the caller decides what expired/used/revoked mean). */
  find(value: string, kinds: readonly TokenKind[]): TokenRow | undefined {
    const row = this.store.findByHash(hashToken(value));
    return row && kinds.includes(row.kind) ? row : undefined;
  }

  findByHash(hash: string): TokenRow | undefined {
    return this.store.findByHash(hash);
  }

  markUsed(hash: string, now: number): boolean {
    return this.store.markUsed(hash, now);
  }

  revoke(hash: string, now: number): void {
    this.store.revoke(hash, now);
  }

  revokeFamily(familyId: string, now: number): void {
    this.store.revokeFamily(familyId, now);
  }

  purgeExpired(now: number): number {
    return this.store.deleteExpiredBefore(now - PURGE_AFTER);
  }

  createPat(
    userId: number,
    name: string,
    scopes: readonly UserScope[],
    now: number,
  ): { token: string; record: PatRecord } {
    const token = this.issue('pat', { clientId: null, userId, scopes, name }, now);
    return {
      token,
      record: {
        id: hashToken(token).slice(0, PAT_ID_LENGTH),
        name,
        scopes: [...scopes],
        creation_date: now,
        user_id: String(userId),
      },
    };
  }

  /** Personal access tokens of one user, or of everyone (CLI). */
  listPats(userId?: number): PatRecord[] {
    return this.store.listPats(userId).map((r) => ({
      id: r.hash.slice(0, PAT_ID_LENGTH),
      name: r.name ?? '',
      scopes: r.scopes.split(' ').filter(Boolean) as UserScope[],
      creation_date: r.creation_date,
      user_id: String(r.user_id),
    }));
  }

  /** Deletes a personal access token by id (limited to one user when given); false when there is none. */
  deletePat(id: string, userId?: number): boolean {
    if (!/^[0-9a-f]{16}$/.test(id)) return false;
    return this.store.deletePat(id, userId);
  }
}
