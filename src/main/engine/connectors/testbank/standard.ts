/**
 * A household's day-by-day banking: salary, rent, bills and subscriptions on the current account, card
 * payments on the deferred-debit card settled monthly from the current account, a standing transfer to
 * the savings account (and back when the current account runs low), yearly savings interest and the car
 * loan's monthly installments.
 *
 * Every day draws from generators seeded by (account seed, day number), so a day's operations do not
 * depend on when the history starts or ends; decisions that depend on balances are taken at the start of
 * a day from the previous days only. Together this keeps old entries identical from one sync to the next.
 */
import { amountBetween, type Book, type Entry, type LoanInstallment, type LoanPlan, makeEntry, sortEntries } from './book';
import {
  businessDayOnOrAfter,
  businessDayOnOrBefore,
  civil,
  DAY,
  HOUR,
  monthIndexOf,
  monthStartDay,
  weekday,
} from './dates';
import type { Bill, Merchant, PoolName, Text } from './locales';
import { Rng } from './prng';
import type { AccountSpec, Profile } from './profiles';
import type { TransactionType } from '../types';

/** Probability per day of a card payment from each pool (weekday, Saturday/Sunday). */
const SPENDING: Array<{ pool: PoolName; weekday: number; weekend: number; needsCar?: boolean }> = [
  { pool: 'groceries', weekday: 0.35, weekend: 0.75 },
  { pool: 'bakery', weekday: 0.4, weekend: 0.6 },
  { pool: 'cafe', weekday: 0.25, weekend: 0.2 },
  { pool: 'restaurant', weekday: 0.15, weekend: 0.4 },
  { pool: 'fastFood', weekday: 0.12, weekend: 0.08 },
  { pool: 'delivery', weekday: 0.05, weekend: 0.1 },
  { pool: 'taxi', weekday: 0.04, weekend: 0.06 },
  { pool: 'train', weekday: 0.012, weekend: 0.02 },
  { pool: 'fuel', weekday: 0.06, weekend: 0.08, needsCar: true },
  { pool: 'parking', weekday: 0.03, weekend: 0.04, needsCar: true },
  { pool: 'shopping', weekday: 0.07, weekend: 0.15 },
  { pool: 'health', weekday: 0.035, weekend: 0.01 },
  { pool: 'leisure', weekday: 0.04, weekend: 0.12 },
  { pool: 'travel', weekday: 0.003, weekend: 0.005 },
];

const LOW_BALANCE = 30_000; // below 300.00 on the 20th: money comes back from savings
const HIGH_BALANCE = 600_000; // above 6 000.00 on the 27th: the surplus goes to savings
const MONTHLY_FEE = 250;
const CARD_FEE = 13_400;
const PRE_AUTH_RATE = 0.006;

interface Movement {
  spec: AccountSpec;
  date: number;
  amount: number;
  text: Text;
  type: TransactionType;
  pend?: boolean;
  cancel?: boolean;
}

function loanPlan(anchorMonth: number, seed: number): LoanPlan {
  const r = new Rng(seed);
  const startMonth = anchorMonth - 36 + r.int(0, 5);
  const principal = r.int(30, 48) * 50_000;
  const ratePct = r.int(39, 59) / 10;
  const months = 60;
  const monthly = ratePct / 100 / 12;
  const payment = Math.round((principal * monthly) / (1 - Math.pow(1 + monthly, -months)));
  const installments: LoanInstallment[] = [];
  let remaining = principal;
  for (let i = 1; i <= months; i++) {
    const interest = Math.round(remaining * monthly);
    const part = i === months ? remaining : payment - interest;
    remaining -= part;
    const day = businessDayOnOrAfter(startMonth + i, 10);
    installments.push({ day, date: day * DAY + 2 * HOUR, i, principal: part, interest });
  }
  return {
    principal,
    ratePct,
    months,
    payment,
    startDate: businessDayOnOrAfter(startMonth, 10) * DAY + 9 * HOUR,
    number: String(r.int(10_000_000, 99_999_999)),
    installments,
  };
}

function billAmount(bill: Bill, month: number, r: Rng): number {
  const cold = month === 12 || month <= 2 ? 1 : month === 11 || month === 3 ? 0.5 : 0;
  const jitter = bill.jitter ? r.int(-bill.jitter, bill.jitter) : 0;
  return Math.max(100, bill.base + Math.round((bill.winter ?? 0) * cold) + jitter);
}

/**
 * Books of the household's accounts (roles checking, card, savings, loan) from `startDay` to `now`.
 * `extra` holds entries made elsewhere (the synchronizations' increments) by reference and day; they are
 * merged in and count in balances and card settlements.
 */
export function standardBooks(
  profile: Profile,
  startDay: number,
  anchorMonth: number,
  now: number,
  extra: Map<string, Map<number, Entry[]>>,
): Book[] {
  const { locale } = profile;
  const specOf = (role: AccountSpec['role']): AccountSpec | undefined => profile.accounts.find((a) => a.role === role);
  const checking = specOf('checking');
  if (!checking) return [];
  const card = specOf('card');
  const savings = specOf('savings');
  const loan = specOf('loan');
  const buyer = card ?? checking;
  const u = new Rng(profile.userSeed);

  const employer = u.pick(locale.employers);
  const landlord = u.pick(locale.landlords);
  const salaryBase = u.int(2_900, 3_799) * 100 + u.int(0, 99);
  const rentBase = (locale.id === 'GB' ? u.int(1_200, 1_799) : u.int(850, 1_249)) * 100;
  const monthlySaving = u.int(10, 30) * 1000;
  const bills = locale.bills;

  const books = new Map<string, Book>();
  const balances = new Map<string, number>();
  const open = (spec: AccountSpec, opening: number): Book => {
    const book: Book = { spec, opening, entries: [] };
    books.set(spec.reference, book);
    balances.set(spec.reference, opening);
    return book;
  };
  open(checking, u.int(1_200, 2_600) * 100 + u.int(0, 99));
  if (card) open(card, 0);
  if (savings) {
    const book = open(savings, u.int(60, 149) * 10_000 + u.int(0, 9_999));
    book.savings = {
      openedDate: (startDay - 365 * u.int(2, 7) - u.int(0, 300)) * DAY + 10 * HOUR,
      ratePct: locale.savingsType.rate,
      type: locale.savingsType.type,
      savings_type: locale.savingsType.savings_type,
    };
  }
  const plan = loan ? loanPlan(anchorMonth, loan.seed) : undefined;
  const installmentsByDay = new Map<number, LoanInstallment>();
  if (loan && plan) {
    const owed = plan.principal - plan.installments.filter((x) => x.day < startDay).reduce((s, x) => s + x.principal, 0);
    open(loan, -owed).loan = plan;
    for (const inst of plan.installments) installmentsByDay.set(inst.day, inst);
  }

  const cardMonthTotals = new Map<number, number>();
  let savingsDays = 0; // Σ of daily balances over the current year, minor units × days
  const endDay = Math.floor(now / DAY);

  for (let day = startDay; day <= endDay; day++) {
    const c = civil(day);
    const mi = monthIndexOf(c);
    const dom = c.d;
    const wd = weekday(day);
    const weekend = wd === 0 || wd === 6;
    const base = day * DAY;
    const ru = Rng.of(profile.userSeed, day);
    const rc = Rng.of(checking.seed, day);
    const rb = Rng.of(buyer.seed, day);
    const moves: Movement[] = [];
    const move = (spec: AccountSpec, time: number, amount: number, text: Text, type: TransactionType, flags?: { pend?: boolean; cancel?: boolean }): void => {
      moves.push({ spec, date: base + time, amount, text, type, ...flags });
    };
    const purchase = (merchant: Merchant, time: number, amount: number, cancel = false): void =>
      move(buyer, time, -amount, locale.card(merchant, day, profile.cardMask), 'POINT_OF_SALE', { pend: true, cancel });
    const balC = balances.get(checking.reference)!;

    if (savings) {
      const balS = balances.get(savings.reference)!;
      savingsDays += balS;
      if (dom === 20 && balC < LOW_BALANCE && balS > 150_000) {
        const amount = Math.min(balS - 50_000, ru.int(5, 10) * 10_000);
        const t = locale.fromSavings(savings.name);
        move(savings, HOUR / 2, -amount, t.from, 'INTERNAL_TRANSFER');
        move(checking, HOUR / 2, amount, t.to, 'INTERNAL_TRANSFER');
      }
      if (dom === 27 && balC > HIGH_BALANCE) {
        const amount = Math.floor((balC - HIGH_BALANCE / 2) / 10_000) * 10_000;
        const t = locale.toSavings(savings.name);
        move(checking, HOUR / 2, -amount, t.from, 'INTERNAL_TRANSFER');
        move(savings, HOUR / 2, amount, t.to, 'INTERNAL_TRANSFER');
      }
    }

    // Monthly and yearly operations.
    if (day === businessDayOnOrBefore(mi, 28)) {
      const bonus = c.m === 12 && locale.id === 'FR' ? salaryBase : 0; // the French 13th month
      move(checking, 4 * HOUR, salaryBase + bonus + ru.int(-4_000, 6_000), locale.salary(employer, mi), 'DIRECT_DEPOSIT');
    }
    if (day === businessDayOnOrAfter(mi, 5)) move(checking, 3 * HOUR, -rentBase, locale.rent(landlord, mi), 'REPEATING_PAYMENT');
    for (const bill of bills) {
      if (bill.months && !bill.months.includes(c.m)) continue;
      if (day !== businessDayOnOrAfter(mi, bill.dayOfMonth)) continue;
      move(checking, 3 * HOUR + 1, -billAmount(bill, c.m, rc), { label: bill.label, raw: bill.raw, counterparty: bill.creditor }, bill.type ?? 'DIRECT_DEBIT');
    }
    for (const sub of locale.streaming) if (dom === sub.dayOfMonth) purchase(sub, 6 * HOUR, sub.min);
    if (locale.transitPass && dom === locale.transitPass.dayOfMonth) purchase(locale.transitPass, 7 * HOUR, locale.transitPass.min);
    if (dom === 1) move(checking, 1 * HOUR, -MONTHLY_FEE, locale.bankFee(), 'BANK_FEE');
    if (card && c.m === 1 && day === businessDayOnOrAfter(mi, 3)) move(checking, 1 * HOUR, -CARD_FEE, locale.cardFee(c.y), 'BANK_FEE');
    if (c.m === 9 && day === businessDayOnOrAfter(mi, 25)) move(checking, 3 * HOUR, -ru.int(8_000, 30_000), locale.incomeTax(), 'DIRECT_DEBIT');
    if (savings && day === businessDayOnOrAfter(mi, 2)) {
      const t = locale.toSavings(savings.name);
      move(checking, 5 * HOUR, -monthlySaving, t.from, 'INTERNAL_TRANSFER');
      move(savings, 5 * HOUR, monthlySaving, t.to, 'INTERNAL_TRANSFER');
    }
    const inst = installmentsByDay.get(day);
    if (loan && plan && inst) {
      const t = locale.loanInstallment(inst.i, plan.months, plan.number);
      move(checking, 2 * HOUR, -(inst.principal + inst.interest), t.checking, 'REPEATING_PAYMENT');
      move(loan, 2 * HOUR, inst.principal, t.loan, 'CREDIT');
    }
    if (card && dom === 5) {
      const total = cardMonthTotals.get(mi - 1) ?? 0;
      cardMonthTotals.delete(mi - 1);
      if (total !== 0) {
        const t = locale.settlement(mi - 1, profile.cardMask);
        move(checking, 5 * HOUR + HOUR / 2, total, t.checking, 'CREDIT_CARD_PAYMENT');
        move(card, 5 * HOUR + HOUR / 2, -total, t.card, 'CREDIT_CARD_PAYMENT');
      }
    }
    if (savings && c.m === 12 && dom === 31) {
      const interest = Math.round((savingsDays * locale.savingsType.rate) / 100 / 365);
      savingsDays = 0;
      if (interest > 0) move(savings, 20 * HOUR, interest, locale.interest(c.y), 'INTEREST');
    }

    // Occasional operations on the current account.
    if (rc.chance(0.025)) move(checking, 5 * HOUR, rc.int(1_500, 4_500), locale.healthRefund(), 'CREDIT');
    if (rc.chance(0.06)) move(checking, rc.int(8 * HOUR, 21 * HOUR), -rc.pick([2_000, 4_000, 6_000, 8_000, 10_000]), locale.atm(day, profile.cardMask), 'ATM');
    if (rc.chance(0.01)) move(checking, 6 * HOUR, -rc.int(2_500, 15_000), locale.check(1_000_000 + (day % 900_000)), 'CHECK');
    if (rc.chance(0.03)) move(checking, rc.int(7 * HOUR, 22 * HOUR), rc.int(1_000, 4_500), locale.transferIn(rc.pick(locale.friends), rc.pick(locale.friendReasons)), 'CREDIT');
    if (rc.chance(0.02)) move(checking, rc.int(7 * HOUR, 22 * HOUR), -rc.int(1_500, 8_000), locale.transferOut(rc.pick(locale.friends), rc.pick(locale.friendReasons)), 'DEBIT');

    // Card payments.
    for (const s of SPENDING) {
      if (s.needsCar && !loan) continue;
      if (!rb.chance(weekend ? s.weekend : s.weekday)) continue;
      const merchant = rb.pick(locale.pools[s.pool]);
      let amount = amountBetween(() => rb.next(), merchant.min, merchant.max);
      if (s.pool === 'groceries' && wd === 6) amount = Math.round(amount * 1.5);
      purchase(merchant, rb.int(8 * HOUR, 22 * HOUR - 1), amount, rb.chance(PRE_AUTH_RATE));
    }

    // Write the day: keys number each account's operations of the day in generation order, before the
    // ones later than `now` are left out, so that they never change.
    const counters = new Map<string, number>();
    for (const mv of moves) {
      const ref = mv.spec.reference;
      const n = counters.get(ref) ?? 0;
      counters.set(ref, n + 1);
      if (mv.date > now) continue;
      const entry = makeEntry(`${ref}:${day}:${n}`, mv.date, mv.amount, mv.text, mv.type, mv);
      books.get(ref)!.entries.push(entry);
      if (!entry.cancel) record(entry, ref);
    }
    for (const [ref, byDay] of extra) {
      const entries = byDay.get(day);
      const book = books.get(ref);
      if (!entries || !book) continue;
      for (const entry of entries) {
        book.entries.push(entry);
        if (!entry.cancel) record(entry, ref);
      }
    }
  }

  function record(entry: Entry, ref: string): void {
    balances.set(ref, balances.get(ref)! + entry.amount);
    if (card && ref === card.reference && entry.type === 'POINT_OF_SALE') {
      const mi = monthIndexOf(civil(Math.floor(entry.date / DAY)));
      cardMonthTotals.set(mi, (cardMonthTotals.get(mi) ?? 0) + entry.amount);
    }
  }

  for (const book of books.values()) sortEntries(book.entries);
  return [...books.values()];
}

/** First day of the history: the 1st of the month two years before the month of the first synchronization. */
export function historyStartDay(anchorMonth: number): number {
  return monthStartDay(anchorMonth - 24);
}
