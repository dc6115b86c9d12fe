/**
 * A lighter, month-by-month generator for accounts that stand alone: the 150 accounts of `user_many` and
 * the professional account of `user_pro`. Each month draws from a generator seeded by (account seed,
 * month), so old months never change.
 */
import { amountBetween, type Book, type Entry, makeEntry, sortEntries } from './book';
import { businessDayOnOrAfter, civil, DAY, daysInMonth, HOUR, monthIndexOf, monthStartDay } from './dates';
import type { Merchant, PoolName, Text } from './locales';
import { Rng } from './prng';
import type { AccountSpec, Profile } from './profiles';
import type { TransactionType } from '../types';

const PERSONAL_POOLS: PoolName[] = ['groceries', 'bakery', 'restaurant', 'cafe', 'shopping'];
const BUSINESS_POOLS: PoolName[] = ['restaurant', 'train', 'taxi', 'shopping'];

export function lightBook(profile: Profile, spec: AccountSpec, startMonth: number, now: number, extra?: Map<number, Entry[]>): Book {
  const { locale } = profile;
  const r0 = new Rng(spec.seed);
  const opening =
    spec.role === 'pro' ? r0.int(5_000, 20_000) * 100 : spec.type === 'SAVINGS' ? r0.int(1_000, 20_000) * 100 : spec.type === 'CHECKINGS' ? r0.int(500, 3_000) * 100 : 0;
  const book: Book = { spec, opening, entries: [] };
  if (spec.type === 'SAVINGS') {
    book.savings = {
      openedDate: (monthStartDay(startMonth) - r0.int(100, 2_000)) * DAY,
      ratePct: locale.savingsType.rate,
      type: locale.savingsType.type,
      savings_type: locale.savingsType.savings_type,
    };
  }
  const endMonth = monthIndexOf(civil(Math.floor(now / DAY)));
  let balance = opening;
  let cardMonth = 0;
  let invoice = r0.int(1, 40);

  for (let mi = startMonth; mi <= endMonth; mi++) {
    const r = Rng.of(spec.seed, mi);
    const first = monthStartDay(mi);
    const dim = daysInMonth(mi);
    const y = Math.floor(mi / 12);
    let n = 0;
    const month: Entry[] = [];
    const add = (day: number, time: number, amount: number, text: Text, type: TransactionType, pend = false): void => {
      const key = `${spec.reference}:m${mi}:${n++}`;
      const date = day * DAY + time;
      if (date > now) return;
      month.push(makeEntry(key, date, amount, text, type, { pend }));
    };
    const randomDay = (): number => first + r.int(0, dim - 1);
    const card = (pools: PoolName[], count: number): number => {
      let total = 0;
      for (let i = 0; i < count; i++) {
        const merchant: Merchant = r.pick(locale.pools[r.pick(pools)]);
        const amount = amountBetween(() => r.next(), merchant.min, merchant.max);
        const day = randomDay();
        add(day, r.int(8 * HOUR, 22 * HOUR - 1), -amount, locale.card(merchant, day, profile.cardMask), 'POINT_OF_SALE', true);
        total -= amount;
      }
      return total;
    };

    if (spec.role === 'pro') {
      const clients = r.int(1, 3);
      for (let i = 0; i < clients; i++) {
        const ref = `F${y}-${String(invoice++).padStart(3, '0')}`;
        add(randomDay(), 4 * HOUR, r.int(150_000, 600_000), locale.clientPayment(r.pick(locale.clients), ref), 'CREDIT');
      }
      for (const bill of locale.proBills) {
        if (bill.months && !bill.months.includes((mi % 12) + 1)) continue;
        const jitter = bill.jitter ? r.int(-bill.jitter, bill.jitter) : 0;
        add(businessDayOnOrAfter(mi, bill.dayOfMonth), 3 * HOUR, -(bill.base + jitter), { label: bill.label, raw: bill.raw, counterparty: bill.creditor }, bill.type ?? 'DIRECT_DEBIT');
      }
      card(BUSINESS_POOLS, r.int(2, 4));
    } else if (spec.type === 'CHECKINGS') {
      add(businessDayOnOrAfter(mi, 1), 4 * HOUR, r.int(80_000, 250_000), locale.transferIn(r.pick(locale.friends), r.pick(locale.friendReasons)), 'CREDIT');
      const bill = r.pick(locale.bills);
      add(businessDayOnOrAfter(mi, bill.dayOfMonth), 3 * HOUR, -bill.base, { label: bill.label, raw: bill.raw, counterparty: bill.creditor }, 'DIRECT_DEBIT');
      card(PERSONAL_POOLS, r.int(2, 5));
    } else if (spec.type === 'SAVINGS') {
      add(businessDayOnOrAfter(mi, 2), 5 * HOUR, r.int(50, 300) * 100, locale.toSavings(spec.name).to, 'DEPOSIT');
      if (mi % 12 === 11) {
        const interest = Math.round((balance * locale.savingsType.rate) / 100);
        if (interest > 0) add(first + 30, 20 * HOUR, interest, locale.interest(y), 'INTEREST');
      }
    } else if (spec.type === 'CREDIT_CARD') {
      if (cardMonth !== 0) {
        add(first + 4, 5 * HOUR, -cardMonth, locale.settlement(mi - 1, profile.cardMask).card, 'CREDIT_CARD_PAYMENT');
      }
      cardMonth = card(PERSONAL_POOLS, r.int(3, 6));
    }
    for (const e of month) balance += e.amount;
    book.entries.push(...month);
  }
  if (extra) for (const entries of extra.values()) book.entries.push(...entries);
  sortEntries(book.entries);
  return book;
}
