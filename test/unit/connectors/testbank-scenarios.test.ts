import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestBankConnector, MANY_ACCOUNTS, scenarioOf, SLOW_SYNC_MS } from '../../../src/main/engine/connectors/testbank';
import { AccountError, ConnectorError } from '../../../src/main/engine/connectors/types';
import { fakeContext, persisted, rejectionOf, syncAll } from './fake-context';

const bank = createTestBankConnector({ slowSyncMs: 200, slowSteps: 10 });

async function statusOf(promise: Promise<unknown>): Promise<string> {
  const e = await rejectionOf(promise);
  expect(e).toBeInstanceOf(ConnectorError);
  return (e as ConnectorError).status;
}

describe('test bank scenarios (see docs/api/providers-and-test-bank.md#test-bank)', () => {
  it.each([
    ['user_unavailable', 'pass_ok', 'SERVICE_UNAVAILABLE'],
    ['user_unavailable', 'wrong', 'SERVICE_UNAVAILABLE'],
    ['user_password_change', 'pass_ok', 'PASSWORD_CHANGE_REQUIRED'],
    ['user_action', 'pass_ok', 'USER_ACTION_REQUIRED'],
    ['user_ok', 'wrong', 'AUTH_FAILED'],
    ['user_password_change', 'wrong', 'AUTH_FAILED'],
    ['someone', 'PASS_OK', 'AUTH_FAILED'],
  ])('%s with password %s → %s', async (login, password, status) => {
    expect(await statusOf(bank.listAccounts(fakeContext({ login, password })))).toBe(status);
  });

  it('user_ok: one account of each type, savings and loan details, every account fetched', async () => {
    const { accounts, results, errors } = await syncAll(bank, fakeContext());
    expect(accounts.map((a) => a.type)).toEqual(['CHECKINGS', 'CREDIT_CARD', 'SAVINGS', 'LOAN']);
    expect(errors.size).toBe(0);
    expect(results.size).toBe(4);
    const savings = accounts.find((a) => a.type === 'SAVINGS')!;
    expect(savings.savings).toMatchObject({ type: 'LIVA', savings_type: 'LIQUID', yield_rate: expect.any(Number) });
    expect(savings.savings!.capital_gain!.amount).toMatch(/^\d+\.\d\d$/);
    expect(savings.savings!.invested_raw).toMatch(/^\d+\.\d\d$/);
    expect(savings.savings!.effect_date).toBeLessThan(fakeContext().now());
    const loan = accounts.find((a) => a.type === 'LOAN')!;
    expect(loan.loan).toMatchObject({ total_amount: expect.stringMatching(/^\d+\.\d\d$/), rate: expect.any(Number) });
    expect(loan.balance.startsWith('-')).toBe(true);
    expect(loan.loan!.remaining_amount).toBe(loan.balance.slice(1));
    expect(loan.loan!.maturity_date).toBeGreaterThan(fakeContext().now());
    for (const a of accounts) {
      expect(a.usage).toBe('PERSONAL');
      expect(a.currency).toBe('EUR');
      expect(a.owner?.name).toBeTruthy();
      expect(results.get(a.reference)!.balance).toBe(a.balance);
    }
    expect(accounts[0].iban).toMatch(/^FR76\d{23}$/);
  });

  it('any other login with the right password behaves like user_ok with its own data', async () => {
    const a = await bank.listAccounts(fakeContext({ login: 'alice' }));
    const b = await bank.listAccounts(fakeContext({ login: 'user_ok' }));
    expect(a.map((x) => x.type)).toEqual(b.map((x) => x.type));
    expect(a[0].reference).not.toBe(b[0].reference);
    expect(a[0].balance).not.toBe(b[0].balance);
  });

  describe('wrong passwords are counted per login, in the persisted bank state', () => {
    it('the fifth failure in a row is TOO_MANY_ATTEMPTS, and later ones too', async () => {
      let state: Record<string, unknown> = {};
      const seen: string[] = [];
      for (let i = 0; i < 6; i++) {
        const ctx = fakeContext({ login: 'user_ok', password: 'nope', bankState: state });
        seen.push(await statusOf(bank.listAccounts(ctx)));
        state = persisted(ctx.bankState!); // what the engine saves after every run, whatever its outcome
      }
      expect(seen).toEqual(['AUTH_FAILED', 'AUTH_FAILED', 'AUTH_FAILED', 'AUTH_FAILED', 'TOO_MANY_ATTEMPTS', 'TOO_MANY_ATTEMPTS']);
    });

    it('a success resets the count; other logins have their own count', async () => {
      const state: Record<string, unknown> = {};
      const attempt = (login: string, password: string): Promise<unknown> => bank.listAccounts(fakeContext({ login, password, bankState: state }));
      for (let i = 0; i < 4; i++) expect(await statusOf(attempt('user_ok', 'bad'))).toBe('AUTH_FAILED');
      expect(await statusOf(attempt('alice', 'bad'))).toBe('AUTH_FAILED');
      await attempt('user_ok', 'pass_ok');
      for (let i = 0; i < 4; i++) expect(await statusOf(attempt('user_ok', 'bad'))).toBe('AUTH_FAILED');
      expect(await statusOf(attempt('user_ok', 'bad'))).toBe('TOO_MANY_ATTEMPTS');
      expect(await statusOf(attempt('alice', 'bad'))).toBe('AUTH_FAILED');
    });

    it('one run counts one failure however many calls it makes', async () => {
      const state: Record<string, unknown> = {};
      const ctx = fakeContext({ password: 'bad', bankState: state });
      await rejectionOf(bank.listAccounts(ctx));
      await rejectionOf(bank.fetchAccount(ctx, { reference: 'x' } as never));
      expect(persisted(state)).toEqual({ v: 1, logins: { user_ok: { failures: 1 } } });
    });

    it('logins that look like Object.prototype keys are plain logins', async () => {
      const state: Record<string, unknown> = {};
      expect(await statusOf(bank.listAccounts(fakeContext({ login: '__proto__', password: 'bad', bankState: state })))).toBe('AUTH_FAILED');
      expect(await bank.listAccounts(fakeContext({ login: 'constructor', bankState: state }))).toHaveLength(4);
      expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    });
  });

  describe('user_challenge', () => {
    it('asks one sms_code (TEXT, ^\\d{6}$) once per run; 123456 succeeds', async () => {
      const ctx = fakeContext({ login: 'user_challenge' });
      const { accounts, results } = await syncAll(bank, ctx);
      expect(accounts).toHaveLength(4);
      expect(results.size).toBe(4);
      expect(ctx.challenges).toHaveLength(1);
      const [field] = ctx.challenges[0].fields;
      expect(ctx.challenges[0].fields).toHaveLength(1);
      expect(field).toMatchObject({ id: 'sms_code', type: 'TEXT', regexp: '^\\d{6}$', encrypt: false });
      expect(ctx.challenges[0].message).toMatch(/SMS/);
    });

    it.each(['654321', '12345', ''])('answer %j → CHALLENGE_FAILED', async (code) => {
      const ctx = fakeContext({ login: 'user_challenge', answer: () => ({ sms_code: code }) });
      expect(await statusOf(bank.listAccounts(ctx))).toBe('CHALLENGE_FAILED');
    });

    it('lets the engine’s rejection (timeout, cancel) through unchanged', async () => {
      const timeout = new Error('CHALLENGE_TIMED_OUT');
      const ctx = fakeContext({ login: 'user_challenge', answer: () => Promise.reject(timeout) });
      expect(await rejectionOf(bank.listAccounts(ctx))).toBe(timeout);
    });

    it('parallel fetches of one run share one challenge', async () => {
      const ctx = fakeContext({ login: 'user_challenge' });
      const accounts = await bank.listAccounts(fakeContext({ login: 'user_challenge' }));
      await Promise.all(accounts.map((a) => bank.fetchAccount(ctx, a)));
      expect(ctx.challenges).toHaveLength(1);
    });

    it('user_challenge allows one attempt: no second question, and no attempts_left (its event as documented)', async () => {
      const ctx = fakeContext({ login: 'user_challenge', answer: () => ({ sms_code: '000000' }) });
      expect(await statusOf(bank.listAccounts(ctx))).toBe('CHALLENGE_FAILED');
      expect(ctx.challenges).toHaveLength(1);
      expect(ctx.challenges[0]).not.toHaveProperty('attempts_left');
    });

    it('user_challenge_retry asks again after a wrong code, saying how many attempts are left', async () => {
      const codes = ['000000', '111111', '123456'];
      const ctx = fakeContext({ login: 'user_challenge_retry', answer: () => ({ sms_code: codes.shift()! }) });
      expect(await bank.listAccounts(ctx)).toHaveLength(4);
      expect(ctx.challenges.map((c) => c.attempts_left)).toEqual([3, 2, 1]);
      expect(ctx.challenges[0].message).not.toMatch(/Wrong/);
      expect(ctx.challenges[1].message).toMatch(/^Wrong code: 2 attempts left\./);
      expect(ctx.challenges[2].message).toMatch(/^Wrong code: last attempt\./);
    });

    it('user_challenge_retry: three wrong codes → CHALLENGE_FAILED, saying how to get a new code', async () => {
      const ctx = fakeContext({ login: 'user_challenge_retry_uk', answer: () => ({ sms_code: '999999' }) });
      const err = (await rejectionOf(bank.listAccounts(ctx))) as Error & { status: string };
      expect(err.status).toBe('CHALLENGE_FAILED');
      expect(err.message).toMatch(/3 times: synchronize again to receive a new code/);
      expect(ctx.challenges).toHaveLength(3);
    });

    it('a wrong password fails before any challenge', async () => {
      const ctx = fakeContext({ login: 'user_challenge', password: 'bad' });
      expect(await statusOf(bank.listAccounts(ctx))).toBe('AUTH_FAILED');
      expect(ctx.challenges).toHaveLength(0);
    });
  });

  it('user_partial: one account ERROR, one NOT_FOUND, the others synchronize', async () => {
    const { accounts, results, errors } = await syncAll(bank, fakeContext({ login: 'user_partial' }));
    expect(accounts).toHaveLength(4);
    expect(results.size).toBe(2);
    const kinds = [...errors.values()].map((e) => {
      expect(e).toBeInstanceOf(AccountError);
      return (e as AccountError).kind;
    });
    expect(kinds.sort()).toEqual(['ERROR', 'NOT_FOUND']);
    expect(errors.get(accounts.find((a) => a.type === 'CREDIT_CARD')!.reference)).toMatchObject({ kind: 'NOT_FOUND' });
  });

  it('user_pro: exactly one PROFESSIONAL account, owned by a company, with business data', async () => {
    const { accounts, results } = await syncAll(bank, fakeContext({ login: 'user_pro' }));
    const pro = accounts.filter((a) => a.usage === 'PROFESSIONAL');
    expect(pro).toHaveLength(1);
    expect(pro[0].type).toBe('CHECKINGS');
    expect(pro[0].owner!.name).not.toBe(accounts[0].owner!.name);
    const txs = results.get(pro[0].reference)!.transactions;
    expect(txs.length).toBeGreaterThan(50);
    expect(txs.some((t) => t.raw.includes('/MOTIF FACTURE'))).toBe(true);
  });

  it('user_many: 150 accounts with distinct references, each one fetchable', async () => {
    const { accounts, results, errors } = await syncAll(bank, fakeContext({ login: 'user_many' }));
    expect(accounts).toHaveLength(MANY_ACCOUNTS);
    expect(MANY_ACCOUNTS).toBe(150);
    expect(new Set(accounts.map((a) => a.reference)).size).toBe(150);
    expect(errors.size).toBe(0);
    expect(results.size).toBe(150);
    expect(new Set(accounts.map((a) => a.type))).toEqual(new Set(['CHECKINGS', 'SAVINGS', 'CREDIT_CARD']));
  });

  describe('user_slow (duration injected: 200 ms, on a fake clock)', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('takes the configured time and reports progress up to done = total', async () => {
      vi.useFakeTimers();
      const ctx = fakeContext({ login: 'user_slow' });
      let settled = false;
      const run = syncAll(bank, ctx).finally(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(150);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(100);
      expect(settled).toBe(true);
      const { results } = await run;
      expect(results.size).toBe(1);
      const done = ctx.progressLog.map((p) => p.done);
      expect(done).toEqual([...done].sort((a, b) => a - b));
      expect(ctx.progressLog.at(-1)).toMatchObject({ done: 10, total: 10 });
    });

    it('stops at once when the run is cancelled, rejecting with the signal’s reason', async () => {
      vi.useFakeTimers();
      const controller = new AbortController();
      const ctx = fakeContext({ login: 'user_slow', signal: controller.signal });
      const [account] = await bank.listAccounts(ctx);
      const reason = new Error('cancelled by the user');
      const rejection = rejectionOf(bank.fetchAccount(ctx, account));
      await vi.advanceTimersByTimeAsync(50);
      const stepsBefore = ctx.progressLog.length;
      controller.abort(reason);
      expect(await rejection).toBe(reason);
      // Nothing more happens once cancelled, however long the clock runs on.
      await vi.advanceTimersByTimeAsync(1_000);
      expect(ctx.progressLog.length).toBe(stepsBefore);
      expect(stepsBefore).toBeLessThan(10);
    });

    it('the default duration is 10 s (not waited for here)', () => {
      expect(SLOW_SYNC_MS).toBe(10_000);
    });
  });

  it('an already aborted run does not start', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    const e = await rejectionOf(bank.listAccounts(fakeContext({ signal: controller.signal })));
    expect((e as Error).message).toBe('stop');
  });

  it('an unknown channel definition fails the channel; an unknown account is NOT_FOUND', async () => {
    expect(await statusOf(bank.listAccounts(fakeContext({ channel: '900099' })))).toBe('FAILED');
    const e = await rejectionOf(bank.fetchAccount(fakeContext(), { reference: 'nope' } as never));
    expect(e).toBeInstanceOf(AccountError);
    expect((e as AccountError).kind).toBe('NOT_FOUND');
  });

  it('logins ending in _uk bank in GBP with British merchants and wording', async () => {
    const { accounts, results } = await syncAll(bank, fakeContext({ login: 'user_ok_uk' }));
    expect(accounts.map((a) => a.currency)).toEqual(['GBP', 'GBP', 'GBP', 'GBP']);
    expect(accounts[0].iban).toMatch(/^GB\d\dCOFF\d{14}$/);
    const raws = [...results.values()].flatMap((r) => r.transactions.map((t) => t.raw));
    expect(raws.some((r) => /^CARD PAYMENT TO (TESCO|SAINSBURYS)/.test(r))).toBe(true);
    expect(raws).toContain('DIRECT DEBIT BRITISH GAS');
    expect(raws).toContain('DIRECT DEBIT THAMES WATER');
    expect(scenarioOf('user_challenge_uk')).toBe('challenge');
  });
});
