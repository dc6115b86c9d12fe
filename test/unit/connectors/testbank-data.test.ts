import { describe, expect, it } from 'vitest';
import { isCategoryId } from '../../../src/main/engine/catalogue/categories';
import { decimalToMinor } from '../../../src/main/engine/domain/money';
import { BIG_COUNT, createTestBankConnector, PENDING_WINDOW, SINCE_MARGIN } from '../../../src/main/engine/connectors/testbank';
import { buildLedger } from '../../../src/main/engine/connectors/testbank/ledger';
import { profileOf } from '../../../src/main/engine/connectors/testbank/profiles';
import type { AccountFetchResult, ProviderTransaction } from '../../../src/main/engine/connectors/types';
import { TRANSACTION_TYPES } from '../../../src/main/engine/connectors/types';
import { DAY, fakeContext, persisted, syncAll, T0, type SyncOutcome } from './fake-context';

const bank = createTestBankConnector();
const cents = (amount: string): number => decimalToMinor(amount);

/** Runs successive synchronizations of one login, persisting the bank state as the engine would. */
function customer(login = 'user_ok') {
  let bankState: Record<string, unknown> = {};
  let last: number | undefined;
  return {
    async sync(now: number): Promise<SyncOutcome> {
      const ctx = fakeContext({ login, now, bankState, since: last });
      const outcome = await syncAll(bank, ctx);
      bankState = persisted(ctx.bankState!);
      last = now;
      return outcome;
    },
    async listOnly(now: number) {
      const ctx = fakeContext({ login, now, bankState });
      const accounts = await bank.listAccounts(ctx);
      bankState = persisted(ctx.bankState!);
      return accounts;
    },
    get bankState() {
      return bankState;
    },
  };
}

const byType = (o: SyncOutcome, type: string): AccountFetchResult => o.results.get(o.accounts.find((a) => a.type === type)!.reference)!;
const keyed = (txs: ProviderTransaction[]): Map<string, ProviderTransaction> => new Map(txs.map((t) => [t.key!, t]));

describe('test bank data', () => {
  it('is deterministic: same login and clock ⇒ identical accounts and transactions', async () => {
    const a = await syncAll(bank, fakeContext({ bankState: {} }));
    const b = await syncAll(bank, fakeContext({ bankState: {} }));
    expect(b.accounts).toEqual(a.accounts);
    expect([...b.results]).toEqual([...a.results]);
    const other = await syncAll(bank, fakeContext({ login: 'user_ok2', bankState: {} }));
    expect(other.accounts[0].balance).not.toBe(a.accounts[0].balance);
  });

  it('covers about two years before now, with valid keys, types, categories and amounts', async () => {
    const { results } = await syncAll(bank, fakeContext());
    const all = [...results.values()].flatMap((r) => r.transactions);
    const dates = all.map((t) => t.date);
    expect(Math.min(...dates)).toBeGreaterThan(T0 - 800 * DAY);
    expect(Math.min(...dates)).toBeLessThan(T0 - 700 * DAY);
    expect(Math.max(...dates)).toBeLessThanOrEqual(T0);
    expect(all.length).toBeGreaterThan(1_000);
    expect(new Set(all.map((t) => t.key)).size).toBe(all.length);
    for (const t of all) {
      expect(TRANSACTION_TYPES).toContain(t.type);
      expect(isCategoryId(t.category_id!)).toBe(true);
      expect(t.amount).toMatch(/^-?\d+\.\d\d$/);
      expect(t.label.length).toBeGreaterThan(0);
      expect(t.raw.length).toBeGreaterThan(0);
    }
    expect(new Set(all.map((t) => t.category_id)).size).toBeGreaterThan(25);
    expect(all.filter((t) => t.category_id === 'UNCATEGORIZED').length).toBeLessThan(all.length / 50);
  });

  it('looks like a French bank statement', async () => {
    const o = await syncAll(bank, fakeContext());
    const checking = byType(o, 'CHECKINGS').transactions;
    const card = byType(o, 'CREDIT_CARD').transactions;
    const raws = [...checking, ...card].map((t) => t.raw);
    expect(raws.some((r) => /^CB CARREFOUR MARKET \d\d\/\d\d PARIS 4970X{8}\d{4}$/.test(r))).toBe(true);
    expect(raws).toContain('PRLV SEPA EDF CLIENTS PARTICULIERS');
    expect(raws.some((r) => /^PRLV SEPA (ENGIE|VEOLIA EAU|FREE MOBILE|ORANGE SA)$/.test(r))).toBe(true);
    expect(raws.some((r) => /^CB (NETFLIX\.COM|SPOTIFY)/.test(r))).toBe(true);
    const salaries = checking.filter((t) => t.category_id === 'SALARY');
    expect(salaries.length).toBeGreaterThanOrEqual(23);
    expect(salaries[0].raw).toMatch(/^VIR SEPA RECU \/DE .+ \/MOTIF SALAIRE [A-Z]+ \d{4}$/);
    expect(salaries[0]).toMatchObject({ type: 'DIRECT_DEPOSIT', counterparty: expect.any(String), remittance_information: [expect.stringMatching(/^SALAIRE/)] });
    expect(checking.filter((t) => t.category_id === 'RENT').length).toBeGreaterThanOrEqual(23);
    expect(card.some((t) => t.category_id === 'RESTAURANT')).toBe(true);
    expect(card.some((t) => t.category_id === 'SUPERMARKET')).toBe(true);
  });

  it('settles the card monthly from the current account (CREDIT_CARD_PAYMENT, both sides, the month’s total)', async () => {
    const o = await syncAll(bank, fakeContext());
    const checking = byType(o, 'CHECKINGS').transactions.filter((t) => t.type === 'CREDIT_CARD_PAYMENT');
    const card = byType(o, 'CREDIT_CARD').transactions;
    const settlements = card.filter((t) => t.type === 'CREDIT_CARD_PAYMENT');
    expect(settlements.length).toBeGreaterThanOrEqual(23);
    expect(checking.map((t) => [t.date, -cents(t.amount)])).toEqual(settlements.map((t) => [t.date, cents(t.amount)]));
    // Each settlement (on the 5th) pays exactly the purchases made since the previous one's month.
    for (let i = 1; i < settlements.length; i++) {
      const d = new Date(settlements[i].date * 1000);
      const monthStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1) / 1000;
      const monthEnd = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
      const spent = card.filter((t) => t.type === 'POINT_OF_SALE' && t.date >= monthStart && t.date < monthEnd).reduce((s, t) => s + cents(t.amount), 0);
      expect(cents(settlements[i].amount)).toBe(-spent);
    }
  });

  it('moves money between own accounts as INTERNAL_TRANSFER on both sides, pays interest and loan installments', async () => {
    const o = await syncAll(bank, fakeContext());
    const out = byType(o, 'CHECKINGS').transactions.filter((t) => t.type === 'INTERNAL_TRANSFER');
    const savings = byType(o, 'SAVINGS').transactions;
    const into = savings.filter((t) => t.type === 'INTERNAL_TRANSFER');
    expect(out.length).toBeGreaterThanOrEqual(23);
    expect(out.map((t) => [t.date, -cents(t.amount)]).sort()).toEqual(into.map((t) => [t.date, cents(t.amount)]).sort());
    const interest = savings.filter((t) => t.type === 'INTEREST');
    expect(interest.length).toBeGreaterThanOrEqual(1);
    expect(interest.every((t) => t.category_id === 'SAVINGS_INTEREST' && cents(t.amount) > 0)).toBe(true);
    expect(new Date(interest[0].date * 1000).toISOString().slice(5, 10)).toBe('12-31');
    const savingsAccount = o.accounts.find((a) => a.type === 'SAVINGS')!;
    expect(cents(savingsAccount.savings!.capital_gain!.amount)).toBe(interest.reduce((s, t) => s + cents(t.amount), 0));
    const loan = byType(o, 'LOAN').transactions;
    expect(loan.length).toBeGreaterThanOrEqual(23);
    expect(loan.every((t) => cents(t.amount) > 0 && t.category_id === 'LOAN_REPAYMENT')).toBe(true);
    const installments = byType(o, 'CHECKINGS').transactions.filter((t) => t.category_id === 'LOAN_REPAYMENT');
    expect(installments.length).toBe(loan.length);
  });

  it('shows a few PENDING card payments of the last days, none older than the pending window', async () => {
    const o = await syncAll(bank, fakeContext());
    const pending = [...o.results.values()].flatMap((r) => r.transactions.filter((t) => t.status === 'PENDING'));
    expect(pending.length).toBeGreaterThanOrEqual(1);
    expect(pending.length).toBeLessThanOrEqual(15);
    for (const t of pending) {
      expect(t.date).toBeGreaterThan(T0 - PENDING_WINDOW);
      expect(t.type).toBe('POINT_OF_SALE');
      expect(t.booking_date).toBeUndefined();
    }
    for (const r of o.results.values()) expect(r.pending_complete).toBe(true);
  });

  it('a later sync books the pendings in place, adds newer ones, and drops a cancelled pre-authorization', async () => {
    const c = customer();
    const s1 = await c.sync(T0);
    const s2 = await c.sync(T0 + 600);
    const s3 = await c.sync(T0 + 1_200);
    const card1 = byType(s1, 'CREDIT_CARD').transactions;
    const card2 = keyed(byType(s2, 'CREDIT_CARD').transactions);
    const pending1 = card1.filter((t) => t.status === 'PENDING');
    expect(pending1.length).toBeGreaterThan(0);
    for (const p of pending1) {
      const later = card2.get(p.key!);
      expect(later).toMatchObject({ status: 'BOOKED', amount: p.amount, date: p.date, label: p.label });
      expect(later!.booking_date).toBeGreaterThan(p.date);
      expect(later!.booking_date).toBeLessThanOrEqual(T0 + 600);
    }
    const known = new Set([...s1.results.values()].flatMap((r) => r.transactions.map((t) => t.key)));
    const fresh = [...s2.results.values()].flatMap((r) => r.transactions.filter((t) => !known.has(t.key)));
    expect(fresh.length).toBeGreaterThanOrEqual(3);
    for (const t of fresh) {
      expect(t.date).toBeGreaterThan(T0);
      expect(t.date).toBeLessThanOrEqual(T0 + 600);
    }
    const preAuth = fresh.find((t) => t.label.includes('pré-autorisation'));
    expect(preAuth?.status).toBe('PENDING');
    const card3 = keyed(byType(s3, 'CREDIT_CARD').transactions);
    expect(card3.has(preAuth!.key!)).toBe(false);
    expect(byType(s3, 'CREDIT_CARD').pending_complete).toBe(true);
    // Everything else seen pending in sync 2 is booked in sync 3.
    for (const t of card2.values()) if (t.status === 'PENDING' && t !== preAuth && t.key !== preAuth!.key) expect(card3.get(t.key!)?.status).toBe('BOOKED');
  });

  it('keeps balances consistent with the booked transactions from one sync to the next', async () => {
    const c = customer();
    const runs = [await c.sync(T0), await c.sync(T0 + 300), await c.sync(T0 + 3 * DAY), await c.sync(T0 + 40 * DAY)];
    for (let i = 1; i < runs.length; i++) {
      for (const account of runs[i].accounts) {
        const before = runs[i - 1].results.get(account.reference)!;
        const after = runs[i].results.get(account.reference)!;
        const wasBooked = new Set(before.transactions.filter((t) => t.status === 'BOOKED').map((t) => t.key));
        const newlyBooked = after.transactions.filter((t) => t.status === 'BOOKED' && !wasBooked.has(t.key));
        const delta = newlyBooked.reduce((s, t) => s + cents(t.amount), 0);
        expect(cents(after.balance) - cents(before.balance), `${account.name} sync ${i}`).toBe(delta);
        expect(after.balance).toBe(account.balance);
      }
    }
  });

  it('old transactions never change from one sync to the next', async () => {
    const c = customer();
    const s1 = await c.sync(T0);
    const s2 = await c.sync(T0 + 45 * DAY);
    let compared = 0;
    for (const [ref, r1] of s1.results) {
      const later = keyed(s2.results.get(ref)!.transactions);
      for (const t of r1.transactions) {
        const u = later.get(t.key!);
        if (t.status !== 'BOOKED' || !u) continue;
        expect(u).toEqual(t);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10);
    // A fresh customer synchronizing first at the later date sees the same history for the overlapping days.
    const fresh = await syncAll(bank, fakeContext({ now: T0 + 45 * DAY, bankState: {} }));
    const rent1 = byType(s1, 'CHECKINGS').transactions.filter((t) => t.category_id === 'RENT' && t.date > T0 - 300 * DAY);
    const rentFresh = keyed(byType(fresh, 'CHECKINGS').transactions);
    for (const t of rent1) expect(rentFresh.get(t.key!)).toEqual(t);
  });

  it('each later sync adds something even when the clock did not move', async () => {
    const c = customer();
    const s1 = await c.sync(T0);
    const s2 = await c.sync(T0);
    const known = new Set([...s1.results.values()].flatMap((r) => r.transactions.map((t) => t.key)));
    expect([...s2.results.values()].flatMap((r) => r.transactions).filter((t) => !known.has(t.key)).length).toBeGreaterThan(0);
    expect(c.bankState).toMatchObject({ logins: { user_ok: { clocks: [T0, T0 + 1] } } });
  });

  it('returns rows from `since` minus a margin only (plus the pending ones)', async () => {
    const c = customer();
    await c.sync(T0);
    const s2 = await c.sync(T0 + 10 * DAY);
    for (const r of s2.results.values()) {
      for (const t of r.transactions) expect(t.date >= T0 - SINCE_MARGIN || t.status === 'PENDING').toBe(true);
    }
    expect(byType(s2, 'CHECKINGS').transactions.length).toBeLessThan(60);
  });

  it('a run that only lists accounts does not move the bank clock', async () => {
    const c = customer();
    const listed = await c.listOnly(T0 - 60);
    expect(c.bankState).toEqual({ v: 1, logins: { user_ok: {} } });
    const s1 = await c.sync(T0);
    const direct = await syncAll(bank, fakeContext({ bankState: {} }));
    expect([...s1.results]).toEqual([...direct.results]);
    expect(listed.map((a) => a.reference)).toEqual(s1.accounts.map((a) => a.reference));
  });

  it('counts the channel’s synchronizations in ctx.state', async () => {
    const state: Record<string, unknown> = {};
    await syncAll(bank, fakeContext({ state }));
    await syncAll(bank, fakeContext({ state, now: T0 + 60 }));
    expect(state).toEqual({ syncs: 2 });
  });
});

describe('user_big', () => {
  it(`returns exactly ${BIG_COUNT} transactions on the first sync, then only the new ones`, async () => {
    const c = customer('user_big');
    const first = await c.sync(T0);
    const [account] = first.accounts;
    const txs = first.results.get(account.reference)!.transactions;
    expect(txs).toHaveLength(100_000);
    expect(new Set(txs.map((t) => t.key)).size).toBe(100_000);
    for (let i = 1; i < txs.length; i++) if (txs[i].date < txs[i - 1].date) throw new Error(`not sorted at ${i}`);
    expect(txs[0].date).toBeLessThan(T0 - 700 * DAY);
    expect(txs[txs.length - 1].date).toBeLessThanOrEqual(T0);
    const balance = txs.filter((t) => t.status === 'BOOKED').reduce((s, t) => s + cents(t.amount), 0);
    expect(cents(account.balance) - balance).toBe(500_000); // the opening balance
    const second = await c.sync(T0 + 3_600);
    const again = second.results.get(account.reference)!.transactions;
    expect(again.length).toBeLessThan(2_000);
    expect(again.filter((t) => t.date > T0).length).toBeGreaterThanOrEqual(3);
  });

  // How fast: `npm run bench -- sync` ("time at the simulated bank"), not a timed test.
  it('generates the 100 000 rows', () => {
    const profile = profileOf('user_big');
    const ledger = buildLedger(profile, [T0]);
    expect(ledger.get(profile.accounts[0].reference)!.entries).toHaveLength(BIG_COUNT);
  });
});
