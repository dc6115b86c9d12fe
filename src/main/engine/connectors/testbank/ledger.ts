/**
 * The bank's records of one customer as of its latest clock: a pure function of the profile (the login)
 * and the bank clock history (`clocks`: one entry per synchronization that fetched data, ascending; the
 * first is when the customer first synchronized and anchors the two-year history; the last is "now").
 */
import type { Book, Entry, Ledger } from './book';
import { bigBook } from './big';
import { civil, dayOf, monthIndexOf } from './dates';
import { incrementsFor } from './increments';
import { lightBook } from './light';
import type { Profile } from './profiles';
import { historyStartDay, standardBooks } from './standard';

export function buildLedger(profile: Profile, clocks: readonly number[]): Ledger {
  const anchor = clocks[0];
  const now = clocks[clocks.length - 1];
  const anchorMonth = monthIndexOf(civil(dayOf(anchor)));
  const startDay = historyStartDay(anchorMonth);

  const extra = new Map<string, Map<number, Entry[]>>();
  for (let k = 1; k < clocks.length; k++) {
    for (const { reference, entry } of incrementsFor(profile, k, clocks[k - 1], clocks[k])) {
      let byDay = extra.get(reference);
      if (!byDay) extra.set(reference, (byDay = new Map()));
      const day = dayOf(entry.date);
      const list = byDay.get(day);
      if (list) list.push(entry);
      else byDay.set(day, [entry]);
    }
  }

  const books: Book[] = [];
  if (profile.kind === 'big') {
    books.push(bigBook(profile, profile.accounts[0], startDay, anchor, extra.get(profile.accounts[0].reference)));
  } else {
    if (profile.kind === 'standard') books.push(...standardBooks(profile, startDay, anchorMonth, now, extra));
    const made = new Set(books.map((b) => b.spec.reference));
    for (const spec of profile.accounts) {
      if (!made.has(spec.reference)) books.push(lightBook(profile, spec, anchorMonth - 24, now, extra.get(spec.reference)));
    }
  }
  return new Map(books.map((b) => [b.spec.reference, b]));
}
