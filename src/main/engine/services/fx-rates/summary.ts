/**
 * The totals of a person's counted accounts in one currency on a day:
 * - each account's balance at the end of that day in its own currency (today: its current balance; a past
 *   day: the current balance less the booked amounts dated after it);
 * - converted = balance × the day's rate, rounded to the currency's cent;
 * - assets: the sum of the positive converted balances, debts: of the negative ones, net worth: both;
 * - an account whose currency has no rate that day is left out of the three sums, and its currency is said
 *   in `missing_rates` (a missing rate is never taken as 1).
 * The currency: the one asked, else the person's `reporting_currency` property, else the currency holding
 * the largest part of the counted balances.
 */
import { findRate, isCurrencyCode, type Rate, type RateLookups } from '../../domain/fx-rates';
import { currencyExponent, minorToNumber } from '../../domain/money';
import type { Store } from '../../store';
import type { CountedAccountRow } from '../../store/summary-balances';
import { rateLookups } from '../../store/fx-rate-lookups';

export interface SummaryAccount {
  id: string;
  currency: string;
  balance: number;
  converted?: number;
  rate?: number;
  rate_date?: string;
}

export interface Summary {
  currency: string;
  date: string;
  net_worth: number;
  assets: number;
  debts: number;
  accounts: SummaryAccount[];
  missing_rates: string[];
}

const DAY = 86_400;
/** With no account at all, totals are said in euros. */
const FALLBACK = 'EUR';

type SummaryStore = Pick<Store, 'fxRates' | 'summaryBalances' | 'users'>;

export function createSummary(store: SummaryStore, userId: number, date: string, now: number, asked?: string): Summary {
  const lookups = rateLookups(store, userId);
  const accounts = balancesAt(store, userId, date, now);
  const currency = asked ?? preferredCurrency(store, userId) ?? largestPart(accounts, lookups, date);
  const exponent = currencyExponent(currency);
  const scale = 10 ** exponent;
  let assets = 0;
  let debts = 0;
  const missing = new Set<string>();
  // Accounts share a few currencies: each one's rate is looked up once.
  const rates = new Map<string, Rate | undefined>();
  const rateOf = (from: string) => {
    if (!rates.has(from)) rates.set(from, findRate(lookups, from, currency, date));
    return rates.get(from);
  };
  const out = accounts.map((a): SummaryAccount => {
    const balance = minorToNumber(a.balance, currencyExponent(a.currency));
    const record: SummaryAccount = { id: String(a.id), currency: a.currency, balance };
    const rate = rateOf(a.currency);
    if (!rate) {
      missing.add(a.currency);
      return record;
    }
    // Minor units of the target currency, so that the sums are exact.
    const minor = Math.round(balance * rate.rate * scale);
    if (minor > 0) assets += minor;
    else debts += minor;
    return { ...record, converted: minor / scale, rate: rate.rate, rate_date: rate.rate_date };
  });
  return {
    currency,
    date,
    net_worth: (assets + debts) / scale,
    assets: assets / scale,
    debts: debts / scale,
    accounts: out,
    missing_rates: [...missing].sort(),
  };
}

/** The counted accounts with their balance (minor units) at the end of `date`. */
function balancesAt(store: SummaryStore, userId: number, date: string, now: number): CountedAccountRow[] {
  const accounts = store.summaryBalances.counted(userId);
  const endOfDay = Date.parse(`${date}T00:00:00Z`) / 1000 + DAY;
  if (endOfDay > now) return accounts;
  const after = store.summaryBalances.bookedFrom(userId, endOfDay);
  return accounts.map((a) => ({ ...a, balance: a.balance - (after.get(a.id) ?? 0) }));
}

/** The person's reporting currency on a day: their choice, else the currency holding most of their money. */
export function reportingCurrency(store: SummaryStore, userId: number, date: string, now: number): string {
  return preferredCurrency(store, userId) ?? largestPart(balancesAt(store, userId, date, now), rateLookups(store, userId), date);
}

function preferredCurrency(store: SummaryStore, userId: number): string | undefined {
  const value = store.users.properties(userId).reporting_currency;
  return isCurrencyCode(value) ? value : undefined;
}

/**
 * The currency holding the largest part of the counted balances: each currency's balances (their size,
 * debts included) compared in euros where a rate is held. A currency with no rate is compared by its
 * amount as it stands: this only chooses a default, no amount is converted that way.
 */
function largestPart(accounts: readonly CountedAccountRow[], lookups: RateLookups, date: string): string {
  const sizes = new Map<string, number>();
  for (const a of accounts) sizes.set(a.currency, (sizes.get(a.currency) ?? 0) + Math.abs(minorToNumber(a.balance, currencyExponent(a.currency))));
  let best: { currency: string; size: number } | undefined;
  for (const [currency, size] of [...sizes].sort(([x], [y]) => x.localeCompare(y))) {
    const inEuros = size * (findRate(lookups, currency, FALLBACK, date)?.rate ?? 1);
    if (!best || inEuros > best.size) best = { currency, size: inEuros };
  }
  return best?.currency ?? FALLBACK;
}
