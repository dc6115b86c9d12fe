import { InvalidInput } from '../domain/errors';
import type { ProfilePatch } from '../store/users';
import { ADDRESS_FIELDS } from './user-record';

export type { ProfileColumn, ProfilePatch } from '../store/users';

/**
 * Profile data of POST /users and PUT /users/{id}. A field that is sent is set; a field sent as null or ""
 * is cleared; a field left out keeps its value (PUT updates what it names, so a script changing one field
 * does not wipe the others).
 */

export const MAX_TEXT = 256;

export class ProfileError extends InvalidInput {}

function text(value: unknown, field: string, max = MAX_TEXT): string | null {
  if (value === null || value === '') return null;
  if (typeof value !== 'string') throw new ProfileError(`${field} must be a string`);
  if (value.length > max) throw new ProfileError(`${field} must be at most ${max} characters`);
  return value;
}

/** YYYY-MM-DD, a real calendar day, between 1900-01-01 and today. */
export function isValidBirthdate(value: string, todayUtcSeconds: number): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = m.slice(1).map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return false;
  return y >= 1900 && date.getTime() / 1000 <= todayUtcSeconds;
}

export function parseProfile(body: Record<string, unknown>, now: number): ProfilePatch {
  const patch: ProfilePatch = {};
  for (const field of ['first_name', 'last_name'] as const) {
    if (field in body) patch[field] = text(body[field], field);
  }
  if ('gender' in body) patch.gender = text(body.gender, 'gender', 32);
  if ('birthdate' in body) {
    const value = text(body.birthdate, 'birthdate', 10);
    if (value !== null && !isValidBirthdate(value, now)) {
      throw new ProfileError('birthdate must be a past date written YYYY-MM-DD');
    }
    patch.birthdate = value;
  }
  if ('address' in body) {
    const address = body.address;
    if (address === null) {
      for (const f of ADDRESS_FIELDS) patch[f] = null;
    } else if (typeof address === 'object' && !Array.isArray(address)) {
      const a = address as Record<string, unknown>;
      for (const f of ADDRESS_FIELDS) if (f in a) patch[f] = text(a[f], `address.${f}`);
    } else {
      throw new ProfileError('address must be an object {street, postcode, city, country}');
    }
  }
  return patch;
}
