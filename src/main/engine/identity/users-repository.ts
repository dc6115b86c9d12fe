import type { Db } from '../db/database';
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
    return this.db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?').get(id);
  }

  findByEmail(email: string): UserRow | undefined {
    return this.db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?').get(email);
  }

  emailInUse(email: string): boolean {
    return this.db.prepare<[string], { one: number }>('SELECT 1 AS one FROM users WHERE email = ?').get(email) !== undefined;
  }

  insert(user: NewUser, now: number): number {
    const { email, passwordHash, ...profile } = user;
    const columns = Object.keys(profile) as (keyof ProfilePatch)[];
    try {
      const info = this.db
        .prepare(
          `INSERT INTO users (email, password_hash, creation_date${columns.map((c) => `, ${c}`).join('')})
           VALUES (?, ?, ?${columns.map(() => ', ?').join('')})`,
        )
        .run(email, passwordHash, now, ...columns.map((c) => profile[c] ?? null));
      return Number(info.lastInsertRowid);
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new EmailInUseError(email);
      throw err;
    }
  }

  update(id: number, patch: ProfilePatch): void {
    const columns = Object.keys(patch) as (keyof ProfilePatch)[];
    if (!columns.length) return;
    this.db
      .prepare(`UPDATE users SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`)
      .run(...columns.map((c) => patch[c] ?? null), id);
  }

  acceptTerms(id: number, version: number): void {
    this.db.prepare('UPDATE users SET terms_accepted_version = ? WHERE id = ?').run(version, id);
  }

  properties(id: number): Record<string, string> {
    const rows = this.db
      .prepare<[number], { key: string; value: string }>('SELECT key, value FROM user_properties WHERE user_id = ? ORDER BY key')
      .all(id);
    const out: Record<string, string> = {};
    for (const { key, value } of rows) out[key] = value;
    return out;
  }

  replaceProperties(id: number, properties: Record<string, string>): void {
    const insert = this.db.prepare('INSERT INTO user_properties (user_id, key, value) VALUES (?, ?, ?)');
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM user_properties WHERE user_id = ?').run(id);
      for (const [key, value] of Object.entries(properties)) insert.run(id, key, value);
    })();
  }
}
