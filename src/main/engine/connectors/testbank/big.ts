/**
 * `user_big`: one current account with exactly BIG_COUNT entries spread evenly over the two years before
 * the first synchronization (later synchronizations add only their increments). One sequential generator
 * seeded by the account makes them, in date order, with no sorting and no per-entry allocation beyond the
 * entry itself.
 */
import { amountBetween, type Book, categoryOf, type Entry, sortEntries } from './book';
import { DAY } from './dates';
import type { Merchant } from './locales';
import { Rng } from './prng';
import type { AccountSpec, Profile } from './profiles';

export const BIG_COUNT = 100_000;

export function bigBook(profile: Profile, spec: AccountSpec, startDay: number, anchor: number, extra?: Map<number, Entry[]>): Book {
  const { locale, cardMask } = profile;
  const r = new Rng(spec.seed);
  const pools = locale.pools;
  const merchants: Merchant[] = [
    ...pools.groceries, ...pools.groceries, ...pools.bakery, ...pools.cafe, ...pools.restaurant, ...pools.fastFood,
    ...pools.delivery, ...pools.taxi, ...pools.shopping, ...pools.health, ...pools.leisure,
  ];
  const categories = merchants.map((m) => categoryOf(m.label, -1, 'POINT_OF_SALE'));
  const start = startDay * DAY;
  const step = (anchor - start) / BIG_COUNT;
  const entries: Entry[] = new Array(BIG_COUNT);
  const next = (): number => r.next();
  const ref = spec.reference;

  let spent = 0; // since the last credit, so that credits roughly offset spending

  for (let i = 0; i < BIG_COUNT; i++) {
    // Strictly inside slot i, so dates never go backwards and the last one is at most `anchor`.
    const date = Math.floor(start + (i + r.next() * 0.98) * step) + 1;
    const day = Math.floor(date / DAY);
    if (i % 25 === 24) {
      // A transfer in covering the last two dozen payments, give or take a few percent.
      const text = locale.transferIn(r.pick(locale.friends), r.pick(locale.friendReasons));
      const amount = Math.round(spent * (0.96 + r.next() * 0.08));
      spent = 0;
      entries[i] = { key: `${ref}:b${i}`, date, amount, label: text.label, raw: text.raw, type: 'CREDIT', category: categoryOf(text.label, amount, 'CREDIT'), counterparty: text.counterparty, remittance: text.remittance };
    } else {
      const k = Math.floor(r.next() * merchants.length);
      const m = merchants[k];
      const amount = amountBetween(next, m.min, m.max);
      spent += amount;
      entries[i] = {
        key: `${ref}:b${i}`,
        date,
        amount: -amount,
        label: m.label,
        raw: locale.card(m, day, cardMask).raw,
        type: 'POINT_OF_SALE',
        category: categories[k],
        counterparty: m.label,
        pend: true,
      };
    }
  }
  if (extra) {
    const later = [...extra.values()].flat();
    sortEntries(later);
    entries.push(...later);
  }
  return { spec, opening: 500_000, entries };
}
