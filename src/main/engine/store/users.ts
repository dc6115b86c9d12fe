import type { Db } from '../db/database';
import { Conflict } from '../domain/errors';
import { statementCache } from './statements';

/** A row of the `users` table. */
export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  gender: string | null;
  birthdate: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
  terms_accepted_version: number | null;
  creation_date: number;
}

/** A user's row without the password hash (what may be kept in memory and shown). */
export type UserProfileRow = Omit<UserRow, 'password_hash'>;

/** The profile columns a user may set (null clears one). */
export type ProfileColumn = 'first_name' | 'last_name' | 'gender' | 'birthdate' | 'street' | 'postcode' | 'city' | 'country';
export type ProfilePatch = Partial<Record<ProfileColumn, string | null>>;

export interface NewUser extends ProfilePatch {
  email: string;
  passwordHash: string;
}

import { EMAIL_IN_USE } from '../domain/user-rules';

export { EMAIL_IN_USE };

export type UsersStore = ReturnType<typeof createUsersStore>;

/** The users and user_properties tables, and the rows a user owns when the user goes. */
export function createUsersStore(db: Db) {
  const sql = statementCache(db);
  const byId = db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?');
  const byEmail = db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?');
  const emailTaken = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM users WHERE email = ?');
  const termsOf = db.prepare<[number], number | null>('SELECT terms_accepted_version FROM users WHERE id = ?').pluck();
  const firstUser = db.prepare<[], number | null>('SELECT MIN(id) FROM users').pluck();
  // The installation's owner is the user its first run made (POST /v2/app/owner), recorded in the settings
  // table under `app_owner`. Once that user is deleted the installation has no owner until a first run makes
  // one again: another user (one an integrator made through the API) never inherits it. A database from before
  // the record existed has none: its owner is its first user, as it always was.
  const ownerRecord = db.prepare<[], string>("SELECT value FROM settings WHERE key = 'app_owner'").pluck();
  const userExists = db.prepare<[number], number>('SELECT 1 FROM users WHERE id = ?').pluck();
  const writeOwnerRecord = db.prepare<[string]>(
    "INSERT INTO settings (key, value) VALUES ('app_owner', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  );
  const ownerId = (): number | null => {
    const recorded = ownerRecord.get();
    if (recorded === undefined) return firstUser.get() ?? null;
    const id = (JSON.parse(recorded) as { user_id: number }).user_id;
    return userExists.get(id) ? id : null;
  };
  const recordOwner = (id: number): void => void writeOwnerRecord.run(JSON.stringify({ user_id: id }));

  return {
    findById: (id: number): UserRow | undefined => byId.get(id),
    findByEmail: (email: string): UserRow | undefined => byEmail.get(email),
    emailInUse: (email: string): boolean => emailTaken.get(email) !== undefined,

    /** Inserts a user; throws Conflict when the e-mail address is taken (the column is unique, case-insensitive). */
    insert(user: NewUser, now: number): number {
      const { email, passwordHash, ...profile } = user;
      const columns = Object.keys(profile) as ProfileColumn[];
      try {
        const info = sql(
          `INSERT INTO users (email, password_hash, creation_date${columns.map((c) => `, ${c}`).join('')})
             VALUES (?, ?, ?${columns.map(() => ', ?').join('')})`,
        ).run(email, passwordHash, now, ...columns.map((c) => profile[c] ?? null));
        return Number(info.lastInsertRowid);
      } catch (err) {
        if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new Conflict(EMAIL_IN_USE);
        throw err;
      }
    },

    update(id: number, patch: ProfilePatch): void {
      const columns = Object.keys(patch) as ProfileColumn[];
      if (!columns.length) return;
      sql(`UPDATE users SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`).run(
        ...columns.map((c) => patch[c] ?? null),
        id,
      );
    },

    /** Replaces a user's password hash (the hash is made by identity/password-hash.ts). */
    setPasswordHash(id: number, passwordHash: string): void {
      sql('UPDATE users SET password_hash = ? WHERE id = ?').run(passwordHash, id);
    },

    acceptTerms(id: number, version: number): void {
      sql('UPDATE users SET terms_accepted_version = ? WHERE id = ?').run(version, id);
    },

    /** The terms version a user accepted (null when none or no such user). */
    termsAcceptedVersion: (id: number): number | null => termsOf.get(id) ?? null,

    /** The installation's owner (null before the first run, and once the owner was deleted). */
    ownerId,

    /** Records the user the first run made as the installation's owner. */
    recordOwner,

    properties(id: number): Record<string, string> {
      const rows = sql<[number], { key: string; value: string }>(
        'SELECT key, value FROM user_properties WHERE user_id = ? ORDER BY key',
      ).all(id);
      const out: Record<string, string> = {};
      for (const { key, value } of rows) out[key] = value;
      return out;
    },

    replaceProperties(id: number, properties: Record<string, string>): void {
      const insert = sql('INSERT INTO user_properties (user_id, key, value) VALUES (?, ?, ?)');
      const clear = sql('DELETE FROM user_properties WHERE user_id = ?');
      db.transaction(() => {
        clear.run(id);
        for (const [key, value] of Object.entries(properties)) insert.run(id, key, value);
      }).immediate();
    },

    /** Ids of the user's connections (to stop their synchronizations before the user goes). */
    connectionIds: (userId: number): number[] =>
      sql<[number], number>('SELECT id FROM connections WHERE user_id = ?').pluck().all(userId),

    /** The channels of the user's connections, with whether they hold a keychain entry (it goes with the user). */
    channels: (userId: number): { id: number; has_secret: number }[] =>
      sql<[number], { id: number; has_secret: number }>(
        'SELECT ch.id, ch.has_secret FROM channels ch JOIN connections c ON c.id = ch.connection_id WHERE c.user_id = ?',
      ).all(userId),

    /**
     * Deletes the user's row; the schema cascades from users to connections, channels, accounts,
     * transactions, keys, queues, events, tokens and properties. Transactions and webhook deliveries are
     * deleted explicitly (transactions.user_id has no foreign key of its own; deliveries keep no key to users).
     */
    deleteWithOwnedRows(userId: number): void {
      const steps = [
        sql('DELETE FROM transactions WHERE user_id = ?'),
        sql('DELETE FROM webhook_deliveries WHERE user_id = ?'),
        sql('DELETE FROM users WHERE id = ?'),
      ];
      db.transaction(() => {
        // Deleting the owner leaves the installation without one (recorded, so that no other user inherits it).
        if (ownerId() === userId) recordOwner(userId);
        for (const s of steps) s.run(userId);
      }).immediate();
    },
  };
}
