import type { SplitPart } from '../../lib/tx-table';

/** One part as the person types it: the size of the amount (the sign is the transaction's), a category, a note. */
export interface PartDraft {
  size: string;
  category: string;
  note: string;
}

/** Decimal places of a currency's minor unit (2 when the browser does not know it). */
export function currencyDecimals(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * A typed size in minor units ("12,5" and "12.50" → 1250 for 2 decimals), or null when it is not an amount
 * greater than 0 with at most the currency's decimals. Spaces (thousands) are ignored.
 */
export function parseSize(text: string, decimals: number): number | null {
  const clean = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const m = /^(\d+)(?:\.(\d*))?$/.exec(clean);
  if (!m) return null;
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > decimals) return null;
  const minor = Number(m[1] + frac.padEnd(decimals, '0'));
  return Number.isSafeInteger(minor) && minor > 0 ? minor : null;
}

/** The drafts of a row's stored parts (or two parts: the whole amount, then an empty one). */
export function draftsOf(parts: readonly SplitPart[] | null, amount: number, category: string, decimals: number): PartDraft[] {
  const size = (n: number) => Math.abs(n).toFixed(decimals);
  if (parts?.length) return parts.map((p) => ({ size: size(p.amount), category: p.category_id, note: p.note ?? '' }));
  return [
    { size: size(amount), category, note: '' },
    { size: '', category, note: '' },
  ];
}

export type SplitCheck =
  | { ok: true; parts: Array<{ amount: number; category_id: string; note: string | null }> }
  | { ok: false; problem: 'tooFew' }
  | { ok: false; problem: 'badAmount'; part: number }
  | { ok: false; problem: 'offBy'; sum: number; left: number; over: boolean };

/**
 * The parts to send, or what is wrong in the person's words: each a size > 0, at least two, and together
 * exactly the transaction's amount (compared in minor units, never in floating point).
 */
export function checkSplit(drafts: readonly PartDraft[], amount: number, decimals: number): SplitCheck {
  if (drafts.length < 2) return { ok: false, problem: 'tooFew' };
  const scale = 10 ** decimals;
  const total = Math.round(Math.abs(amount) * scale);
  const sign = amount < 0 ? -1 : 1;
  let sum = 0;
  const parts: Array<{ amount: number; category_id: string; note: string | null }> = [];
  for (let k = 0; k < drafts.length; k++) {
    const minor = parseSize(drafts[k].size, decimals);
    if (minor === null) return { ok: false, problem: 'badAmount', part: k + 1 };
    sum += minor;
    parts.push({ amount: (sign * minor) / scale, category_id: drafts[k].category, note: drafts[k].note.trim() || null });
  }
  if (sum !== total) return { ok: false, problem: 'offBy', sum: (sign * sum) / scale, left: Math.abs(total - sum) / scale, over: sum > total };
  return { ok: true, parts };
}

/**
 * The size still to share as typed so far (parts not yet amounts count as 0): positive while the parts are
 * short of the transaction, negative when they are more than it.
 */
export function leftToShare(drafts: readonly PartDraft[], amount: number, decimals: number): number {
  const scale = 10 ** decimals;
  let sum = 0;
  for (const d of drafts) sum += parseSize(d.size, decimals) ?? 0;
  return (Math.round(Math.abs(amount) * scale) - sum) / scale;
}
