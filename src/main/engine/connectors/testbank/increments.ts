/**
 * What each later synchronization finds new at the bank, whatever the clock says: synchronization k
 * (k ≥ 1, the bank clock moving from `from` to `to`) adds a few card payments dated in (from, to] and a
 * movement on the current account; every third one (k = 1, 4, 7…) also adds a pre-authorization that is
 * PENDING in that synchronization and gone in the next one (a cancelled pending transaction).
 */
import { amountBetween, type Entry, makeEntry } from './book';
import { dayOf } from './dates';
import type { Merchant } from './locales';
import { Rng } from './prng';
import type { AccountSpec, Profile } from './profiles';

export interface Increment {
  reference: string;
  entry: Entry;
}

/** The account card payments go to: the credit card when there is one, else the first current account. */
export function purchaseAccount(profile: Profile): AccountSpec {
  return profile.accounts.find((a) => a.type === 'CREDIT_CARD' && a.role !== 'many') ?? currentAccount(profile);
}

/** The first current account. */
export function currentAccount(profile: Profile): AccountSpec {
  return profile.accounts.find((a) => a.type === 'CHECKINGS') ?? profile.accounts[0];
}

export function incrementsFor(profile: Profile, k: number, from: number, to: number): Increment[] {
  const out: Increment[] = [];
  const locale = profile.locale;
  const buyer = purchaseAccount(profile);
  const current = currentAccount(profile);
  const r = Rng.of(buyer.seed, 1_000_000 + k);
  const when = (): number => from + 1 + Math.floor(r.next() * (to - from));
  const small: Merchant[] = [...locale.pools.bakery, ...locale.pools.cafe, ...locale.pools.groceries, ...locale.pools.fastFood];

  const count = 2 + (r.chance(0.5) ? 1 : 0);
  const dates = Array.from({ length: count }, when).sort((a, b) => a - b);
  dates.forEach((date, i) => {
    const merchant = r.pick(small);
    const amount = -amountBetween(() => r.next(), merchant.min, merchant.max);
    const entry = makeEntry(`${buyer.reference}:s${k}:${i}`, date, amount, locale.card(merchant, dayOf(date), profile.cardMask), 'POINT_OF_SALE', { pend: true });
    out.push({ reference: buyer.reference, entry });
  });
  if (k % 3 === 1) {
    const entry = makeEntry(`${buyer.reference}:s${k}:pa`, to, -15000, locale.preAuthorization(dayOf(to), profile.cardMask), 'POINT_OF_SALE', {
      pend: true,
      cancel: true,
    });
    out.push({ reference: buyer.reference, entry });
  }
  const date = when();
  const entry =
    k % 2 === 1
      ? makeEntry(
          `${current.reference}:s${k}:c`,
          date,
          amountBetween(() => r.next(), 1000, 4000),
          locale.transferIn(r.pick(locale.friends), r.pick(locale.friendReasons)),
          'CREDIT',
        )
      : makeEntry(`${current.reference}:s${k}:c`, date, -r.pick([2000, 4000, 6000]), locale.atm(dayOf(date), profile.cardMask), 'ATM');
  out.push({ reference: current.reference, entry });
  return out;
}
