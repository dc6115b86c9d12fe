import { randomBytes } from 'node:crypto';
import { hashToken, newTokenValue } from '../auth/token-hash';
import type { Scope, UserScope } from '../auth/scopes';
import type { Db } from '../db/database';
import { statement } from './statement-cache';

/** Lifetimes of C4, in seconds. */
export const ACCESS_TOKEN_TTL = 3600;
export const REFRESH_TOKEN_TTL = 30 * 24 * 3600;
export const CODE_TTL = 60;

export type TokenKind = 'access' | 'refresh' | 'code' | 'pat';

const PREFIX: Record<TokenKind, string> = { access: 'cat', refresh: 'crt', code: 'cac', pat: 'cpat' };

export interface TokenRow {
  hash: string;
  kind: TokenKind;
  client_id: string | null;
  user_id: number | null;
  scopes: string;
  family_id: string | null;
  name: string | null;
  redirect_uri: string | null;
  code_challenge: string | null;
  creation_date: number;
  expires: number | null;
  used_date: number | null;
  revoked_date: number | null;
}

export interface IssueOptions {
  clientId: string | null;
  userId: number | null;
  scopes: readonly Scope[];
  /** Tokens that stand or fall together: a code and what it produced, a refresh-token rotation chain. */
  familyId?: string | null;
  redirectUri?: string;
  codeChallenge?: string;
  name?: string;
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
const PAT_ID_LENGTH = 16;

/**
 * The oauth_tokens table: every bearer secret is random and stored only as its SHA-256; a value is found by
 * hashing what is presented (so no secret is ever compared byte by byte).
 */
export class TokensRepository {
  constructor(private readonly db: Db) {}

  issue(kind: TokenKind, options: IssueOptions, now: number): string {
    const value = newTokenValue(PREFIX[kind]);
    const ttl =
      kind === 'access' ? ACCESS_TOKEN_TTL : kind === 'refresh' ? REFRESH_TOKEN_TTL : kind === 'code' ? CODE_TTL : null;
    statement(
      this.db,
      `INSERT INTO oauth_tokens (hash, kind, client_id, user_id, scopes, family_id, name, redirect_uri, code_challenge, creation_date, expires)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      hashToken(value),
      kind,
      options.clientId,
      options.userId,
      options.scopes.join(' '),
      options.familyId ?? null,
      options.name ?? null,
      options.redirectUri ?? null,
      options.codeChallenge ?? null,
      now,
      ttl === null ? null : now + ttl,
    );
    return value;
  }

  /** The row of a presented value, whatever its state (the caller decides what expired/used/revoked mean). */
  find(value: string, kinds: readonly TokenKind[]): TokenRow | undefined {
    const row = statement<[string], TokenRow>(this.db, 'SELECT * FROM oauth_tokens WHERE hash = ?').get(
      hashToken(value),
    );
    return row && kinds.includes(row.kind) ? row : undefined;
  }

  /** Marks a code or refresh token used; false when it already was (a concurrent or repeated use). */
  markUsed(hash: string, now: number): boolean {
    return (
      statement(this.db, 'UPDATE oauth_tokens SET used_date = ? WHERE hash = ? AND used_date IS NULL').run(now, hash)
        .changes === 1
    );
  }

  revoke(hash: string, now: number): void {
    statement(this.db, 'UPDATE oauth_tokens SET revoked_date = ? WHERE hash = ? AND revoked_date IS NULL').run(
      now,
      hash,
    );
  }

  revokeFamily(familyId: string, now: number): void {
    statement(this.db, 'UPDATE oauth_tokens SET revoked_date = ? WHERE family_id = ? AND revoked_date IS NULL').run(
      now,
      familyId,
    );
  }

  /** Forgets tokens expired for more than a day (rotated refresh tokens are kept until then for reuse detection). */
  purgeExpired(now: number): number {
    return statement(this.db, 'DELETE FROM oauth_tokens WHERE expires IS NOT NULL AND expires < ?').run(now - 86400)
      .changes;
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
    const rows = statement<[number | null, number | null], TokenRow>(
      this.db,
      `SELECT * FROM oauth_tokens WHERE kind = 'pat' AND revoked_date IS NULL AND (? IS NULL OR user_id = ?)
          ORDER BY creation_date, rowid`,
    ).all(userId ?? null, userId ?? null);
    return rows.map((r) => ({
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
    return (
      statement(
        this.db,
        `DELETE FROM oauth_tokens WHERE kind = 'pat' AND substr(hash, 1, ${PAT_ID_LENGTH}) = ? AND (? IS NULL OR user_id = ?)`,
      ).run(id, userId ?? null, userId ?? null).changes > 0
    );
  }
}
