/**
 * Finds recurring payments in a person's history: payments to (or from) one counterpart, on one account and
 * in one currency, that come back every week to every year, with amounts in a band rather than one exact
 * amount. Pure: it reads the transactions it is given and the day it is told is today.
 */
import { summarizeAmounts, type AmountSummary } from './amounts';
import { counterpartIban, counterpartName, type CounterpartText } from './counterpart';
import { dayOf, nextExpectedDay, PERIOD_SHAPES, periodOfGap, secondsOfDay, type Period } from './periods';

export interface FinderTransaction extends CounterpartText {
  id: number;
  account_id: number;
  /** Seconds (UTC). */
  date: number;
  /** Minor units, signed. */
  amount: number;
  currency: string;
}

export type SeriesState = 'ACTIVE' | 'LATE' | 'ENDED';

export interface FoundSeries {
  /** Account, currency, direction and counterpart: what identifies the series from one run to the next. */
  key: string;
  account_id: number;
  currency: string;
  counterpart: string;
  name: string;
  period: Period;
  /** Signed minor units, like the transactions. */
  typical_amount: number;
  amount_min: number;
  amount_max: number;
  day_of_month: number;
  first_date: number;
  last_date: number;
  next_date: number;
  occurrences: number;
  /** 0 to 1: how regular the dates are, how narrow the amounts and how many payments were seen. */
  confidence: number;
  /** LATE: the next payment is past its date and grace; ENDED: a whole period later still nothing. */
  state: SeriesState;
  /** The price changed at the last payments: from the old amount to the new one (signed), on that date. */
  price_change?: { from: number; to: number; date: number };
  transaction_ids: number[];
}

export interface FinderOptions {
  /** Seconds (UTC): the day the history is read on. */
  today: number;
  /**
   * Transactions that are not payments to someone else and must not be counted: the person's transfers
   * between their own accounts, once the ledger links them. Default: none.
   */
  exclude?: (t: FinderTransaction) => boolean;
}

/** Below this, a series is not proposed. */
export const MIN_CONFIDENCE = 0.5;

/**
 * max ÷ min of the amounts a period allows: weekly payments are fixed prices; monthly and quarterly bills
 * vary with use (an electricity bill 40 % above its average in winter and 40 % below in summer: 1.4 ÷ 0.6).
 */
const MAX_SPREAD: Record<Period, number> = { WEEKLY: 1.25, BIWEEKLY: 1.25, MONTHLY: 2.6, QUARTERLY: 2.6, SEMIANNUAL: 1.6, YEARLY: 1.6 };

/**
 * A yearly or half-yearly series seen only two or three times: the amounts within 10 % of each other (an
 * insurance follows an index of a few per cent a year) and each gap within a week of the period (a weekend
 * or a holiday moves a debit by three days at most).
 */
function fewLongPaymentsAgree(gaps: readonly number[], amounts: readonly number[], periodDays: number): boolean {
  if (Math.max(...amounts) > Math.min(...amounts) * 1.1) return false;
  return gaps.every((gap) => Math.abs(gap - periodDays) <= 7);
}

/** Every recurring series found, most confident first. */
export function findRecurring(transactions: readonly FinderTransaction[], options: FinderOptions): FoundSeries[] {
  const groups = groupByCounterpart(transactions, options.exclude);
  const found: FoundSeries[] = [];
  for (const [key, members] of groups) {
    if (members.length < 2) continue;
    members.sort((a, b) => a.date - b.date || a.id - b.id);
    const series = analyse(key, members, options.today) ?? analyse(key, mainPriceCluster(members), options.today);
    if (series) found.push(series);
  }
  return found.sort((a, b) => b.confidence - a.confidence || a.key.localeCompare(b.key));
}

function groupByCounterpart(transactions: readonly FinderTransaction[], exclude?: FinderOptions['exclude']) {
  const groups = new Map<string, FinderTransaction[]>();
  // The same names come back again and again: each distinct counterparty and label is cleaned once (the
  // raw text differs on every card payment, so it is only searched for an IBAN).
  const names = new Map<string, string>();
  for (const t of transactions) {
    if (t.amount === 0 || exclude?.(t)) continue;
    const iban = counterpartIban(t);
    let counterpart: string;
    if (iban) counterpart = `iban:${iban}`;
    else {
      const text = `${t.counterparty ?? ''}\u0001${t.label}`;
      let name = names.get(text);
      if (name === undefined) {
        name = counterpartName({ counterparty: t.counterparty, label: t.label });
        names.set(text, name);
      }
      // Neither names anyone (a label made of a date and a number): the raw text may.
      if (!name) name = counterpartName(t);
      if (!name) continue;
      counterpart = `label:${name}`;
    }
    const key = `${t.account_id}|${t.currency}|${t.amount < 0 ? 'D' : 'C'}|${counterpart}`;
    const list = groups.get(key);
    if (list) list.push(t);
    else groups.set(key, [t]);
  }
  return groups;
}

/**
 * A counterpart paid both a subscription and one-off purchases (a shop selling both): the payments within
 * 15 % of the most frequent amount, tried as a series of their own.
 */
function mainPriceCluster(members: FinderTransaction[]): FinderTransaction[] {
  const counts = new Map<number, number>();
  for (const t of members) counts.set(t.amount, (counts.get(t.amount) ?? 0) + 1);
  let mode = members[0]!.amount;
  for (const [amount, count] of counts) if (count > (counts.get(mode) ?? 0)) mode = amount;
  const cluster = members.filter((t) => Math.abs(t.amount - mode) <= Math.abs(mode) * 0.15);
  return cluster.length === members.length ? [] : cluster;
}

/** Payments on one day count once (a bill paid in two parts the same day is one payment). */
function paymentDays(members: readonly FinderTransaction[]): { days: number[]; amounts: number[] } {
  const days: number[] = [];
  const amounts: number[] = [];
  for (const t of members) {
    const day = dayOf(t.date);
    if (days.length && days[days.length - 1] === day) amounts[amounts.length - 1]! += t.amount;
    else {
      days.push(day);
      amounts.push(t.amount);
    }
  }
  return { days, amounts };
}

function analyse(key: string, members: FinderTransaction[], today: number): FoundSeries | undefined {
  if (members.length < 2) return undefined;
  const { days, amounts } = paymentDays(members);
  if (days.length < 2) return undefined;
  const gaps = days.slice(1).map((d, i) => d - days[i]!);
  const period = periodOfGap(middleGap(gaps));
  if (!period) return undefined;
  const shape = PERIOD_SHAPES[period];
  if (days.length < shape.minOccurrences) return undefined;
  const regular = regularShare(gaps, period);
  if (regular < 0.75) return undefined;
  const abs = amounts.map(Math.abs);
  // A yearly price follows an index: the last one is the price; a bill's usual amount is the median of a year.
  const summary = summarizeAmounts(abs, shape.months >= 6 ? 1 : 12);
  if (summary.spread > MAX_SPREAD[period]) return undefined;
  // Two or three purchases at one shop can fall a year apart by chance: so few payments make a yearly or
  // half-yearly series only at nearly one price and on nearly the same day.
  if (shape.months >= 6 && days.length <= 3 && !fewLongPaymentsAgree(gaps, abs, shape.days)) return undefined;
  const confidence = confidenceOf(regular, summary, days.length, shape.minOccurrences);
  if (confidence < MIN_CONFIDENCE) return undefined;
  return describe(key, members, { days, amounts, period, summary, confidence, today });
}

/** The median gap, in days. */
function middleGap(gaps: readonly number[]): number {
  const sorted = [...gaps].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The share of gaps that are one period (a skipped payment, two or three periods, counts as half a regular
 * gap: a bill paid late once, then twice, is still that bill).
 */
function regularShare(gaps: readonly number[], period: Period): number {
  const { days, tolerance } = PERIOD_SHAPES[period];
  let score = 0;
  for (const gap of gaps) {
    const periods = Math.round(gap / days);
    if (periods < 1 || Math.abs(gap - periods * days) > tolerance * periods) continue;
    score += periods === 1 ? 1 : periods <= 3 ? 0.5 : 0;
  }
  return score / gaps.length;
}

function confidenceOf(regular: number, summary: AmountSummary, count: number, minCount: number): number {
  const amountFactor = 1 - Math.min(1, (summary.spread - 1) / 1.2) * 0.4;
  const countFactor = 0.7 + 0.3 * Math.min(1, (count - minCount + 1) / 4);
  return Math.round(regular * amountFactor * countFactor * 100) / 100;
}

interface Analysis {
  days: number[];
  amounts: number[];
  period: Period;
  summary: AmountSummary;
  confidence: number;
  today: number;
}

function describe(key: string, members: FinderTransaction[], a: Analysis): FoundSeries {
  const last = members[members.length - 1]!;
  const sign = last.amount < 0 ? -1 : 1;
  const dayOfMonth = usualDayOfMonth(a.days);
  const lastDay = a.days[a.days.length - 1]!;
  const nextDay = nextExpectedDay(lastDay, a.period, dayOfMonth);
  const shape = PERIOD_SHAPES[a.period];
  const todayDay = dayOf(a.today);
  const state: SeriesState =
    todayDay > nextDay + Math.max(shape.days, shape.grace * 3) ? 'ENDED' : todayDay > nextDay + shape.grace ? 'LATE' : 'ACTIVE';
  const change = a.summary.priceChange;
  return {
    key,
    account_id: last.account_id,
    currency: last.currency,
    counterpart: key.split('|').slice(3).join('|'),
    name: (last.counterparty || last.label).trim(),
    period: a.period,
    typical_amount: sign * a.summary.typical,
    amount_min: sign > 0 ? a.summary.min : -a.summary.max,
    amount_max: sign > 0 ? a.summary.max : -a.summary.min,
    day_of_month: dayOfMonth,
    first_date: members[0]!.date,
    last_date: last.date,
    next_date: secondsOfDay(nextDay),
    occurrences: a.days.length,
    confidence: a.confidence,
    state,
    ...(change ? { price_change: { from: sign * change.from, to: sign * change.to, date: secondsOfDay(a.days[change.index]!) } } : {}),
    transaction_ids: members.map((t) => t.id),
  };
}

/** The day of the month most payments fell on (a payment moved by a weekend does not move it). */
function usualDayOfMonth(days: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const d of days) {
    const dom = new Date(secondsOfDay(d) * 1000).getUTCDate();
    counts.set(dom, (counts.get(dom) ?? 0) + 1);
  }
  let best = 1;
  let bestCount = 0;
  for (const [dom, count] of counts) if (count > bestCount || (count === bestCount && dom < best)) [best, bestCount] = [dom, count];
  return best;
}
