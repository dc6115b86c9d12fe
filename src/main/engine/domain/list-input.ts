import { InvalidInput } from './errors';

/** Limits shared by every list (see docs/api/lists.md#paging): at most 500 items a page, 100 unless asked. */
export const MAX_LIMIT = 500;
export const DEFAULT_LIMIT = 100;

export interface PageLimit {
  page: number;
  limit: number;
}

/** The query parameters every list reads (see docs/api/lists.md#paging). */
export const PAGE_LIMIT_PARAMS = ['page', 'limit'] as const;

const DIGITS = /^[0-9]{1,15}$/;

/**
 * The one rule for whole-number query parameters (page, limit, dates in seconds): decimal digits only, given
 * once. "0x10", "1e309", " 5", "-1", "1.0" are refused (a schema validator would coerce them into numbers,
 * 1e309 into Infinity, which SQLite then refuses with a 500). Bounds are the schema's (minimum, maximum).
 */
export function wholeNumberParamProblem(name: string, value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string') return `query parameter ${name} must be given once`;
  if (!DIGITS.test(value)) return `query parameter ${name} must be a whole number written with 1 to 15 digits`;
  return null;
}

/** Rows to skip before page `page` (pages count from 1). */
export const offsetOf = ({ page, limit }: PageLimit) => (page - 1) * limit;

/**
 * Parses a comma list of enum values (`type=CHECKINGS,SAVINGS`). An empty item or an unknown value is
 * refused (InvalidInput naming the parameter). Returns the distinct values in the order given.
 */
export function parseEnumList<T extends string>(name: string, text: string, allowed: readonly T[]): T[] {
  const out: T[] = [];
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (!(allowed as readonly string[]).includes(item)) {
      throw new InvalidInput(
        item === ''
          ? `query parameter ${name} has an empty item`
          : `query parameter ${name}: unknown value ${JSON.stringify(item.slice(0, 40))} (allowed: ${allowed.join(', ')})`,
      );
    }
    if (!out.includes(item as T)) out.push(item as T);
  }
  return out;
}
