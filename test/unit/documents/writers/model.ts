import { currencyExponent, minorToDecimal } from '../../../../src/main/engine/domain/money';

/** A statement as the property tests generate it, before it is written out in some format. */

export interface ModelTransaction {
  /** UTC seconds at 00:00. */
  date: number;
  valueDate?: number;
  /** Integer minor units of the account currency. */
  minor: number;
  name: string;
  memo?: string;
  key?: string;
  reference?: string;
  pending: boolean;
}

export interface ModelBalance {
  minor: number;
  date: number;
}

export interface ModelAccount {
  identifier: string;
  currency: string;
  creditCard: boolean;
  opening?: ModelBalance;
  closing?: ModelBalance;
  transactions: ModelTransaction[];
}

export interface ModelStatement {
  accounts: ModelAccount[];
}

/** Canonical decimal text of minor units ("-1234.50"). */
export function decimal(minor: number, currency: string): string {
  return minorToDecimal(minor, currencyExponent(currency));
}

export interface DayParts {
  year: number;
  month: number;
  day: number;
}

export function parts(seconds: number): DayParts {
  const d = new Date(seconds * 1000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

export function compactDate(seconds: number): string {
  const p = parts(seconds);
  return `${p.year}${pad2(p.month)}${pad2(p.day)}`;
}

export function isoDate(seconds: number): string {
  const p = parts(seconds);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
}

/** Groups the integer digits of "1234567.89" with `thousands` ("1 234 567.89"). */
export function groupThousands(text: string, thousands: string): string {
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const [int, frac] = body.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return `${negative ? '-' : ''}${grouped}${frac === undefined ? '' : `.${frac}`}`;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
