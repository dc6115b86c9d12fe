import type { Db } from '../db/database';
import { statement } from './statement-cache';
import type { ProfilePatch } from './user-profile';
import type { UserRow } from './user-record';

export class EmailInUseError extends Error {}

export interface NewUser extends ProfilePatch {
  email: string;
  passwordHash: string;
}

/** The users and user_properties tables. */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  findById(id: number): UserRow | undefined {
    return statement<[number], UserRow>(this.db, 'SELECT * FROM users WHERE id = ?').get(id);
  }

  findByEmail(email: string): UserRow | undefined {
    return statement<[string], UserRow>(this.db, 'SELECT * FROM users WHERE email = ?').get(email);
  }

  emailInUse(email: string): boolean {
    return (
      statement<[string], { one: number }>(this.db, 'SELECT 1 AS one FROM users WHERE email = ?').get(email) !==
      undefined
    );
  }

  insert(user: NewUser, now: number): number {
    const { email, passwordHash, ...profile } = user;
    const columns = Object.keys(profile) as (keyof ProfilePatch)[];
    try {
      const info = statement(
        this.db,
        `INSERT INTO users (email, password_hash, creation_date${columns.map((c) => `, ${c}`).join('')})
           VALUES (?, ?, ?${columns.map(() => ', ?').join('')})`,
      ).run(email, passwordHash, now, ...columns.map((c) => profile[c] ?? null));
      return Number(info.lastInsertRowid);
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new EmailInUseError(email);
      throw err;
    }
  }

  update(id: number, patch: ProfilePatch): void {
    const columns = Object.keys(patch) as (keyof ProfilePatch)[];
    if (!columns.length) return;
    statement(this.db, `UPDATE users SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`).run(
      ...columns.map((c) => patch[c] ?? null),
      id,
    );
  }

  acceptTerms(id: number, version: number): void {
    statement(this.db, 'UPDATE users SET terms_accepted_version = ? WHERE id = ?').run(version, id);
  }

  properties(id: number): Record<string, string> {
    const rows = statement<[number], { key: string; value: string }>(
      this.db,
      'SELECT key, value FROM user_properties WHERE user_id = ? ORDER BY key',
    ).all(id);
    const out: Record<string, string> = {};
    for (const { key, value } of rows) out[key] = value;
    return out;
  }

  replaceProperties(id: number, properties: Record<string, string>): void {
    const insert = statement(this.db, 'INSERT INTO user_properties (user_id, key, value) VALUES (?, ?, ?)');
    this.db.transaction(() => {
      statement(this.db, 'DELETE FROM user_properties WHERE user_id = ?').run(id);
      for (const [key, value] of Object.entries(properties)) insert.run(id, key, value);
    })();
  }
}
