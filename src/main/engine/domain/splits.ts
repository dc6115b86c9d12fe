/**
 * A transaction split into parts by the person (a receipt of groceries and a pharmacy item): each part an
 * amount, a category and an optional note. The parts add up to the transaction's amount exactly, in minor
 * units of its currency: a split that does not is refused, saying by how much it is off. Reports count the
 * parts instead of the whole row.
 *
 * Pure: no database.
 */
import { InvalidInput } from './errors';
import { MoneyFormatError, decimalToMinor, minorToDecimal } from './money';

export const SPLIT_PARTS_MIN = 2;
export const SPLIT_PARTS_MAX = 50;
export const SPLIT_NOTE_MAX = 200;

export interface SplitInput {
  amount: number;
  category_id: string;
  note?: string | null;
}

export interface SplitPart {
  /** Minor units of the transaction's currency, signed. */
  amount: number;
  category_id: string;
  note: string | null;
}

/**
 * The parts as stored, or InvalidInput: 2 to 50 parts, each a non-zero amount with no more decimals than
 * the currency has, a known category, a note of at most 200 characters (trimmed; empty means none), and
 * their sum exactly the transaction's amount.
 */
export function parseSplits(
  input: readonly SplitInput[],
  transaction: { amount: number; currency: string; exponent: number },
  categoryExists: (id: string) => boolean,
): SplitPart[] {
  if (input.length < SPLIT_PARTS_MIN || input.length > SPLIT_PARTS_MAX)
    throw new InvalidInput(`a split has ${SPLIT_PARTS_MIN} to ${SPLIT_PARTS_MAX} parts; give an empty list to remove the split`);
  const parts = input.map((part, k) => parsePart(part, k + 1, transaction, categoryExists));
  const sum = parts.reduce((total, p) => total + p.amount, 0);
  const difference = transaction.amount - sum;
  if (difference !== 0) {
    const words = (minor: number) => `${minorToDecimal(minor, transaction.exponent)} ${transaction.currency}`;
    throw new InvalidInput(
      `the parts add up to ${words(sum)} but the transaction is ${words(transaction.amount)}, ` +
        `${words(Math.abs(difference))} apart: change the parts so that they add up to ${words(transaction.amount)}`,
    );
  }
  return parts;
}

function parsePart(
  part: SplitInput,
  position: number,
  transaction: { currency: string; exponent: number },
  categoryExists: (id: string) => boolean,
): SplitPart {
  let amount: number;
  try {
    if (!Number.isFinite(part.amount)) throw new MoneyFormatError('not finite');
    amount = decimalToMinor(decimalText(part.amount), transaction.exponent);
  } catch {
    throw new InvalidInput(`part ${position}: amount ${part.amount} is not an amount in ${transaction.currency}`);
  }
  if (amount === 0) throw new InvalidInput(`part ${position}: the amount cannot be 0`);
  if (!categoryExists(part.category_id)) throw new InvalidInput(`part ${position}: unknown category_id ${part.category_id}`);
  const note = part.note?.trim() || null;
  if (note !== null && [...note].length > SPLIT_NOTE_MAX)
    throw new InvalidInput(`part ${position}: the note must be at most ${SPLIT_NOTE_MAX} characters`);
  return { amount, category_id: part.category_id, note };
}

/** A JSON number as dot-decimal text ("12.3"; 1e-7 written out so the decimals check sees them). */
function decimalText(n: number): string {
  const text = String(n);
  return /e/i.test(text) ? n.toFixed(20).replace(/0+$/, '').replace(/\.$/, '') : text;
}

/**
 * The parts once the bank changed the transaction's amount (a pending card payment booked with a tip): the
 * last part takes the difference, so the parts still add up. A last part that would reach 0 or change sign
 * cannot take it: then the split no longer fits and is dropped (null), the row counting whole again.
 */
export function refitSplits(parts: readonly SplitPart[], amount: number): SplitPart[] | null {
  const sum = parts.reduce((total, p) => total + p.amount, 0);
  if (sum === amount) return [...parts];
  const last = parts[parts.length - 1];
  const next = last.amount + (amount - sum);
  if (next === 0 || Math.sign(next) !== Math.sign(last.amount)) return null;
  return [...parts.slice(0, -1), { ...last, amount: next }];
}
