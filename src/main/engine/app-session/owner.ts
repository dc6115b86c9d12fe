import type { Db } from '../db/database';

/** The installation's owner is its first user: the one the desktop app created (or the oldest one). */
export function ownerId(db: Db): number | null {
  const row = db.prepare<[], { id: number | null }>('SELECT MIN(id) AS id FROM users').get();
  return row?.id ?? null;
}

export function hasOwner(db: Db): boolean {
  return ownerId(db) !== null;
}

export interface OwnerInput {
  email: string;
  password: string;
  first_name?: string;
  last_name?: string;
}

export class OwnerInputError extends Error {}

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;
export const MAX_NAME_LENGTH = 256;

/** Checks the owner form's fields (the e-mail shape is checked by the caller's e-mail rule). */
export function validateOwnerInput(body: Record<string, unknown>, isValidEmail: (v: unknown) => boolean): OwnerInput {
  const { email, password, first_name, last_name } = body;
  if (!isValidEmail(email)) throw new OwnerInputError('email must be an e-mail address');
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH) {
    throw new OwnerInputError(`password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (password.length > MAX_PASSWORD_LENGTH)
    throw new OwnerInputError(`password must be at most ${MAX_PASSWORD_LENGTH} characters`);
  const out: OwnerInput = { email: (email as string).trim(), password };
  for (const [field, value] of [
    ['first_name', first_name],
    ['last_name', last_name],
  ] as const) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string') throw new OwnerInputError(`${field} must be a string`);
    if (value.length > MAX_NAME_LENGTH)
      throw new OwnerInputError(`${field} must be at most ${MAX_NAME_LENGTH} characters`);
    out[field] = value.trim();
  }
  return out;
}
