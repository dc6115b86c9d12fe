import type { Db } from '../db/database';
import { statementCache } from './statements';
import type { UserProfileRow } from './users';

export type TokenKind = 'access' | 'refresh' | 'code' | 'pat';

/** A row of `oauth_tokens`: every bearer secret is stored only as its SHA-256 (`hash`). */
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

export type NewTokenRow = Pick<TokenRow, 'hash' | 'kind' | 'client_id' | 'user_id' | 'scopes' | 'creation_date' | 'expires'> &
  Partial<Pick<TokenRow, 'family_id' | 'name' | 'redirect_uri' | 'code_challenge'>>;

/**
 * What the access check needs of a usable bearer token: the token, its user's accepted terms version, and
 * the user's profile row (null for client tokens), read in the same query so that a request naming its own
 * user (GET /users/me) needs no second read.
 */
export interface BearerRow {
  kind: 'access' | 'pat';
  expires: number | null;
  client_id: string | null;
  user_id: number | null;
  scopes: string;
  terms_accepted_version: number | null;
  user: UserProfileRow | null;
}

type FlatBearerRow = Omit<BearerRow, 'user'> & {
  [K in keyof UserProfileRow as `u_${K}`]: UserProfileRow[K] | null;
};

const PROFILE_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'gender',
  'birthdate',
  'street',
  'postcode',
  'city',
  'country',
  'terms_accepted_version',
  'creation_date',
] as const satisfies readonly (keyof UserProfileRow)[];

function bearerRow(flat: FlatBearerRow): BearerRow {
  const { kind, expires, client_id, user_id, scopes, terms_accepted_version } = flat;
  let user: UserProfileRow | null = null;
  if (flat.u_id !== null) {
    user = {} as UserProfileRow;
    for (const c of PROFILE_COLUMNS) (user as unknown as Record<string, unknown>)[c] = flat[`u_${c}`];
  }
  return { kind, expires, client_id, user_id, scopes, terms_accepted_version, user };
}

/** A personal access token's id is the start of its hash (never the value). */
export const PAT_ID_LENGTH = 16;

export type TokensStore = ReturnType<typeof createTokensStore>;

export function createTokensStore(db: Db) {
  const sql = statementCache(db);
  const insert = db.prepare(
    `INSERT INTO oauth_tokens (hash, kind, client_id, user_id, scopes, family_id, name, redirect_uri, code_challenge, creation_date, expires)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const byHash = db.prepare<[string], TokenRow>('SELECT * FROM oauth_tokens WHERE hash = ?');
  const bearer = db.prepare<[string, number], FlatBearerRow>(
    `SELECT t.kind, t.expires, t.client_id, t.user_id, t.scopes, u.terms_accepted_version,
            ${PROFILE_COLUMNS.map((c) => `u.${c} AS u_${c}`).join(', ')}
       FROM oauth_tokens t LEFT JOIN users u ON u.id = t.user_id
      WHERE t.hash = ? AND t.kind IN ('access', 'pat') AND t.revoked_date IS NULL
        AND (t.expires IS NULL OR t.expires > ?)`,
  );

  return {
    insert(row: NewTokenRow): void {
      insert.run(
        row.hash,
        row.kind,
        row.client_id,
        row.user_id,
        row.scopes,
        row.family_id ?? null,
        row.name ?? null,
        row.redirect_uri ?? null,
        row.code_challenge ?? null,
        row.creation_date,
        row.expires,
      );
    },

    /** The row of a hash, whatever its state (the caller decides what expired/used/revoked mean). */
    findByHash: (hash: string): TokenRow | undefined => byHash.get(hash),

    /** An access token or personal access token usable at `now` (not revoked, not expired). */
    findBearer(hash: string, now: number): BearerRow | undefined {
      const flat = bearer.get(hash, now);
      return flat && bearerRow(flat);
    },

    /** Marks a code or refresh token used; false when it already was (a concurrent or repeated use). */
    markUsed: (hash: string, now: number): boolean =>
      sql('UPDATE oauth_tokens SET used_date = ? WHERE hash = ? AND used_date IS NULL').run(now, hash).changes === 1,

    revoke(hash: string, now: number): void {
      sql('UPDATE oauth_tokens SET revoked_date = ? WHERE hash = ? AND revoked_date IS NULL').run(now, hash);
    },

    revokeFamily(familyId: string, now: number): void {
      sql('UPDATE oauth_tokens SET revoked_date = ? WHERE family_id = ? AND revoked_date IS NULL').run(now, familyId);
    },

    /**
     * Revokes the sign-in sessions of a user (access and refresh tokens of every rotation family) except
     * the family `keepFamilyId`; personal access tokens and tokens outside a family are kept. Returns how many.
     */
    revokeSessionsExcept(userId: number, keepFamilyId: string | null, now: number): number {
      return sql(
        `UPDATE oauth_tokens SET revoked_date = ?
          WHERE user_id = ? AND kind IN ('access', 'refresh') AND family_id IS NOT NULL
            AND (? IS NULL OR family_id <> ?) AND revoked_date IS NULL`,
      ).run(now, userId, keepFamilyId, keepFamilyId).changes;
    },

    /** Deletes tokens that expired before `before`; returns how many. */
    deleteExpiredBefore: (before: number): number =>
      sql('DELETE FROM oauth_tokens WHERE expires IS NOT NULL AND expires < ?').run(before).changes,

    /** Personal access tokens not revoked, of one user or of everyone, oldest first. */
    listPats: (userId?: number): TokenRow[] =>
      sql<[number | null, number | null], TokenRow>(
        `SELECT * FROM oauth_tokens WHERE kind = 'pat' AND revoked_date IS NULL AND (? IS NULL OR user_id = ?)
          ORDER BY creation_date, rowid`,
      ).all(userId ?? null, userId ?? null),

    /** Deletes a personal access token by id (of one user when given); false when there is none. */
    deletePat: (id: string, userId?: number): boolean =>
      sql(
        `DELETE FROM oauth_tokens WHERE kind = 'pat' AND substr(hash, 1, ${PAT_ID_LENGTH}) = ? AND (? IS NULL OR user_id = ?)`,
      ).run(id, userId ?? null, userId ?? null).changes > 0,
  };
}
