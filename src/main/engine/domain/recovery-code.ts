/**
 * The recovery code: the database's 32-byte key written so that a person can copy it onto paper and type it
 * back on another computer.
 *
 * Shape: 56 characters in 14 groups of 4 (`7K3M-…-Q2XD`). The first 52 characters are the key's 256 bits in
 * Crockford's base 32 (digits and capital letters without I, L, O and U, which are read as 1, 1, 0 and
 * nothing: no letter looks like another or spells a word by accident), the last 4 bits of the 52nd always 0.
 * The last 4 characters are a 20-bit check of the key (a CRC with the polynomial x^20 + x^3 + 1): a CRC of
 * degree 20 catches every change confined to 20 consecutive bits, so one mistyped character (5 bits) or two
 * swapped neighbours (10 bits) is always caught, and any other mistake but once in a million.
 *
 * Reading is forgiving where it cannot be wrong: spaces, dashes and line breaks are ignored, lower case is
 * upper case, I and L are 1, O is 0.
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const KEY_BYTES = 32;
const DATA_CHARS = 52;
const CHECK_CHARS = 4;
export const RECOVERY_CODE_LENGTH = DATA_CHARS + CHECK_CHARS;
const GROUP = 4;
const CHECK_BITS = 20;
const CHECK_POLY = 0x00009;
const CHECK_MASK = (1 << CHECK_BITS) - 1;

/** Why a typed code was not accepted, in the person's words (the API's error description). */
export type RecoveryCodeProblem =
  | { kind: 'length'; found: number }
  | { kind: 'character'; character: string; position: number }
  | { kind: 'check' };

/** The key written as a recovery code, in groups of 4 separated by dashes. */
export function recoveryCodeOf(key: Uint8Array): string {
  if (key.length !== KEY_BYTES) throw new RangeError(`a recovery code holds a ${KEY_BYTES}-byte key`);
  const symbols = [...toSymbols(key), ...checkSymbols(key)];
  const chars = symbols.map((s) => ALPHABET[s]).join('');
  const groups: string[] = [];
  for (let i = 0; i < chars.length; i += GROUP) groups.push(chars.slice(i, i + GROUP));
  return groups.join('-');
}

/** The key a typed code stands for, or the first problem found in it. */
export function keyOfRecoveryCode(typed: string): { key: Uint8Array } | { problem: RecoveryCodeProblem } {
  const cleaned = typed.toUpperCase().replace(/[\s-]+/g, '');
  if (cleaned.length !== RECOVERY_CODE_LENGTH) return { problem: { kind: 'length', found: cleaned.length } };
  const symbols: number[] = [];
  for (let i = 0; i < cleaned.length; i++) {
    const value = symbolOf(cleaned[i]!);
    if (value < 0) return { problem: { kind: 'character', character: cleaned[i]!, position: i + 1 } };
    symbols.push(value);
  }
  const key = fromSymbols(symbols.slice(0, DATA_CHARS));
  // The padding bits are 0 in every code written: anything else is a mistyped 52nd character.
  if (!key) return { problem: { kind: 'check' } };
  const check = checkSymbols(key);
  if (check.some((s, i) => s !== symbols[DATA_CHARS + i])) return { problem: { kind: 'check' } };
  return { key };
}

/** The sentence an API error or the command line gives for a problem. */
export function recoveryCodeProblemText(problem: RecoveryCodeProblem): string {
  switch (problem.kind) {
    case 'length':
      return `a recovery code has ${RECOVERY_CODE_LENGTH} letters and digits, and this one has ${problem.found}: check that no group is missing or written twice`;
    case 'character':
      return `a recovery code holds only digits and the letters A to Z without U, and character ${problem.position} is "${problem.character}": check it on your copy`;
    case 'check':
      return 'this recovery code has a typing mistake (its last group does not match the others): compare each group with your copy';
  }
}

function symbolOf(char: string): number {
  if (char === 'I' || char === 'L') return 1;
  if (char === 'O') return 0;
  return ALPHABET.indexOf(char);
}

/** The key's bits, 5 at a time, most significant first, the last symbol padded with zero bits. */
function toSymbols(key: Uint8Array): number[] {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const byte of key) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out.push((buffer >> (bits - 5)) & 31);
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out.push((buffer << (5 - bits)) & 31);
  return out;
}

/** The key from its 52 symbols, or null when the padding bits are not zero. */
function fromSymbols(symbols: number[]): Uint8Array | null {
  const key = new Uint8Array(KEY_BYTES);
  let buffer = 0;
  let bits = 0;
  let at = 0;
  for (const symbol of symbols) {
    buffer = (buffer << 5) | symbol;
    bits += 5;
    if (bits >= 8) {
      key[at++] = (buffer >> (bits - 8)) & 255;
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  return buffer === 0 ? key : null;
}

/** The 20-bit CRC of the key's bits, as 4 symbols. */
function checkSymbols(key: Uint8Array): number[] {
  let crc = CHECK_MASK;
  for (const byte of key) {
    for (let bit = 7; bit >= 0; bit--) {
      const top = ((crc >> (CHECK_BITS - 1)) & 1) ^ ((byte >> bit) & 1);
      crc = (crc << 1) & CHECK_MASK;
      if (top) crc ^= CHECK_POLY;
    }
  }
  return [15, 10, 5, 0].map((shift) => (crc >> shift) & 31);
}
