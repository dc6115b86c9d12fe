/**
 * Payees (an extension): the name a person gives to whom they paid or who paid them, shown over the bank's
 * label. Pure rules for the names; the bank's own text is never changed.
 */
import { InvalidInput } from './errors';
import { foldText } from './text-fold';

export const PAYEE_NAME_MAX = 80;

/** The name as kept: trimmed, inner spaces collapsed, 1..80 characters. */
export function normalizePayeeName(name: string, field = 'name'): string {
  const text = name.trim().replace(/\s+/g, ' ');
  const length = [...text].length;
  if (length === 0 || length > PAYEE_NAME_MAX) throw new InvalidInput(`${field} must be 1 to ${PAYEE_NAME_MAX} characters`);
  return text;
}

/** The name as two payees of a person must differ (case, accents and repeated spaces ignored). */
export const foldPayeeName = (name: string): string => foldText(name);

/** A payee can be merged into another of the person's payees, never into itself. */
export function checkPayeeMerge(fromId: number, intoId: number): void {
  if (fromId === intoId) throw new InvalidInput('a payee cannot be merged into itself: choose another payee');
}
