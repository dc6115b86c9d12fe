import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/password';
import { InvalidInput } from '../domain/errors';

/**
 * The installation's owner is the user its first run created (store: users.ownerId, recorded when it is made);
 * once that user is deleted the installation has no owner until a first run makes one again.
 */

export interface OwnerInput {
  email: string;
  password: string;
  first_name?: string;
  last_name?: string;
}

/** The owner form breaks a rule (the message says which). */
export class OwnerInputError extends InvalidInput {}

export const MAX_NAME_LENGTH = 256;

/** Checks the owner form's fields (the e-mail shape is checked by the caller's e-mail rule). */
export function validateOwnerInput(body: Record<string, unknown>, isValidEmail: (v: unknown) => boolean): OwnerInput {
  const { email, password, first_name, last_name } = body;
  if (!isValidEmail(email)) throw new OwnerInputError('email must be an e-mail address');
  if (typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH) {
    throw new OwnerInputError(`password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  }
  if (password.length > PASSWORD_MAX_LENGTH)
    throw new OwnerInputError(`password must be at most ${PASSWORD_MAX_LENGTH} characters`);
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
