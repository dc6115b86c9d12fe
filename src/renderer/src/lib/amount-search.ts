/**
 * Searching the history by amount: a search word that reads as an amount ("42", "42.10", "42,10", "-42.1",
 * "1,234.56", "1 234,56") finds the transactions of that amount, spent or received.
 *
 * The rules, in plain words:
 * - the decimal separator is the last "." or "," when one or two digits follow it (so "42,10" works in French
 *   and "42.10" in English); other separators, spaces included, group thousands;
 * - the amount is compared as far as it is written: "42" finds 42.00 to 42.99, "42.1" finds 42.10 to 42.19,
 *   "42.10" finds exactly 42.10 (the way a person reads a statement);
 * - without a sign, both −42.10 and +42.10 match; "-42.10" (or "−42.10") only a debit, "+42.10" only a credit.
 */
export interface AmountTerm {
  /** The written digits as a whole number of the written precision (42.1 → 421). */
  value: number;
  /** 1, 10 or 100: how many units of the written precision make one currency unit. */
  scale: 1 | 10 | 100;
  sign: -1 | 0 | 1;
}

const AMOUNT_WORD = /^([+\-−]?)(\d{1,3}(?:[ .,\u00a0\u202f]\d{3})+|\d+)(?:[.,](\d{1,2}))?$/;

/** The amount a search word stands for, or null when it is not one. */
export function parseAmountTerm(word: string): AmountTerm | null {
  const m = AMOUNT_WORD.exec(word.trim());
  if (!m) return null;
  const units = Number(m[2].replace(/[ .,\u00a0\u202f]/g, ''));
  if (!Number.isSafeInteger(units)) return null;
  const decimals = m[3] ?? '';
  const scale = (decimals.length === 2 ? 100 : decimals.length === 1 ? 10 : 1) as AmountTerm['scale'];
  const sign = m[1] === '' ? 0 : m[1] === '+' ? 1 : -1;
  return { value: units * scale + (decimals ? Number(decimals) : 0), scale, sign };
}

/** Whether an amount (in currency units, signed) is the one the term describes. */
export function amountMatches(term: AmountTerm, amount: number): boolean {
  if (term.sign !== 0 && Math.sign(amount) !== term.sign) return false;
  const cents = Math.round(Math.abs(amount) * 100);
  return Math.floor(cents / (100 / term.scale)) === term.value;
}

/**
 * Whether a number word appears in a text on its own, not inside a longer number ("42" is in "ref 42/11" but
 * not in "4970 4242"): a number typed in the search then finds references and dates of the bank's text
 * without every card number that happens to contain those digits.
 */
export function containsNumber(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const before = at > 0 ? text.charCodeAt(at - 1) : 0;
    const after = at + word.length < text.length ? text.charCodeAt(at + word.length) : 0;
    if (!isDigit(before) && !isDigit(after)) return true;
  }
  return false;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}
