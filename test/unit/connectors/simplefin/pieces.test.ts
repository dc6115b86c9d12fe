/** The SimpleFIN connector's small parts: setup tokens, access URLs, windows, answers, mapping, budget. */
import { describe, expect, it } from 'vitest';
import { readAnswer, errorFamily } from '../../../../src/main/engine/connectors/simplefin/answer';
import { checkBudget, recordRateLimited, recordRequest } from '../../../../src/main/engine/connectors/simplefin/budget';
import { accountTypeOf, toProviderTransaction } from '../../../../src/main/engine/connectors/simplefin/mapping';
import { decodeSetupToken, isLoopbackHost, parseAccessUrl } from '../../../../src/main/engine/connectors/simplefin/urls';
import { historyStart, readInTurn, requestWindows } from '../../../../src/main/engine/connectors/simplefin/windows';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const DAY = 86_400;

describe('setup tokens', () => {
  it('decodes the protocol example, with spaces, line breaks and missing padding', () => {
    const token = 'aHR0cHM6Ly9icmlkZ2Uuc2ltcGxlZmluLm9yZy9zaW1wbGVmaW4vY2xhaW0vZGVtbw==';
    expect(decodeSetupToken(token).href).toBe('https://bridge.simplefin.org/simplefin/claim/demo');
    expect(decodeSetupToken(token.replace(/=+$/, '')).href).toBe('https://bridge.simplefin.org/simplefin/claim/demo');
    const wrapped = token.match(/.{1,20}/g)!.join('\n  ') + '\r\n';
    expect(decodeSetupToken(` ${wrapped} `).href).toBe('https://bridge.simplefin.org/simplefin/claim/demo');
  });
  it('accepts URL-safe base64', () => {
    const t = b64('https://bridge.example/claim/ab?x=1>').replace(/\+/g, '-').replace(/\//g, '_');
    expect(decodeSetupToken(t).hostname).toBe('bridge.example');
  });
  const refused: Array<[string, string]> = [
    ['empty', ''],
    ['not base64', 'this is not a token!'],
    ['base64 of a non-URL', b64('hello world')],
    ['plain http to a remote host', b64('http://bridge.simplefin.org/simplefin/claim/x')],
    ['ftp', b64('ftp://bridge.simplefin.org/claim')],
    ['a URL with credentials', b64('https://a:b@bridge.simplefin.org/claim')],
    ['a javascript: URL', b64('javascript:alert(1)')],
  ];
  for (const [what, token] of refused) it(`refuses ${what}`, () => expect(() => decodeSetupToken(token)).toThrow(/setup token/));
  it('accepts plain http only for loopback hosts', () => {
    for (const h of ['127.0.0.1', '127.8.9.10', 'localhost', '[::1]']) {
      expect(decodeSetupToken(b64(`http://${h}:8080/simplefin/claim/x`)).protocol).toBe('http:');
    }
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackHost('127.0.0.1.example.com')).toBe(false);
  });
});

describe('access URLs', () => {
  it('splits the userinfo off as Basic auth, percent-decoded', () => {
    const a = parseAccessUrl('https://us%40er:p%3Ass@bridge.example/simplefin/\n')!;
    expect(a.root).toBe('https://bridge.example/simplefin');
    expect(Buffer.from(a.authorization.slice(6), 'base64').toString()).toBe('us@er:p:ss');
  });
  it('refuses URLs without credentials, remote http, garbage', () => {
    expect(parseAccessUrl('https://bridge.example/simplefin')).toBeUndefined();
    expect(parseAccessUrl('http://u:p@bridge.example/simplefin')).toBeUndefined();
    expect(parseAccessUrl('Forbidden (was it already claimed?)')).toBeUndefined();
  });
});

describe('readInTurn (windows asked a few at a time)', () => {
  const windows = requestWindows(0, 5 * 90 * DAY);
  it('asks every window, never more than `atOnce` at the same time, results in window order', async () => {
    let running = 0;
    let most = 0;
    const settled = await readInTurn(windows, 2, async (w) => {
      most = Math.max(most, ++running);
      await new Promise((r) => setImmediate(r));
      running--;
      return w.start;
    });
    expect(most).toBe(2);
    expect(settled.map((s) => (s as PromiseFulfilledResult<number>).value)).toEqual(windows.map((w) => w.start));
  });
  it('asks no further window after a failure', async () => {
    const asked: number[] = [];
    const settled = await readInTurn(windows, 1, async (w) => {
      asked.push(w.start);
      if (asked.length === 2) throw new Error('refused');
      return w.start;
    });
    expect(asked).toHaveLength(2);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected']);
  });
});

describe('windows', () => {
  const now = 20_000 * DAY;
  it('the first synchronization covers 365 days in windows of at most 90 days, newest first', () => {
    const w = requestWindows(historyStart(now, undefined), now + 1);
    expect(w).toHaveLength(5);
    expect(w[0].end).toBe(now + 1);
    expect(w.at(-1)!.start).toBe(now - 365 * DAY);
    for (const x of w) expect(x.end - x.start).toBeLessThanOrEqual(90 * DAY);
    for (let i = 1; i < w.length; i++) expect(w[i].end).toBe(w[i - 1].start);
  });
  it('a later one starts 14 days before the last success: one request', () => {
    const w = requestWindows(historyStart(now, now - DAY), now + 1);
    expect(w).toEqual([{ start: now - 15 * DAY, end: now + 1 }]);
  });
});

describe('answers', () => {
  it('reads v2: errlist with msg or message, unknown subcodes as their prefix, institutions by conn_id', () => {
    const a = readAnswer({
      errlist: [
        { code: 'con.auth', msg: 'Authentication required', conn_id: 'C1' },
        { code: 'act.weird', message: 'odd', account_id: 'A2' },
        { code: 'gen.api', msg: 'capped' },
      ],
      connections: [{ conn_id: 'C1', name: 'My Bank' }],
      accounts: [{ id: 'A1', name: 'Checking', conn_id: 'C1', currency: 'USD', balance: '1.50', 'balance-date': 5, transactions: [] }],
    });
    expect(a.version).toBe(2);
    expect(a.errors.map((e) => [e.family, e.message])).toEqual([
      ['con.', 'Authentication required'],
      ['act.', 'odd'],
      ['gen.', 'capped'],
    ]);
    expect(a.accounts[0]).toMatchObject({ id: 'A1', institution: 'My Bank', connId: 'C1', balanceDate: 5 });
    expect(errorFamily('gen.auth')).toBe('gen.auth');
    expect(errorFamily('gen.authx')).toBe('gen.');
    expect(errorFamily('con.weird')).toBe('con.');
  });
  it('reads v1: org, free-text errors naming an institution', () => {
    const a = readAnswer({
      errors: ['Connection to My Bank may need attention', 'something else'],
      accounts: [{ id: 'A1', name: 'Visa', org: { name: 'My Bank', domain: 'mybank.com' }, currency: 'USD', balance: '-3', 'balance-date': 9 }],
    });
    expect(a.version).toBe(1);
    expect(a.accounts[0].institution).toBe('My Bank');
    expect(a.errors[0]).toMatchObject({ family: 'con.', connId: a.accounts[0].connId });
    expect(a.errors[1].family).toBe('gen.');
  });
  it('refuses what is not an object, skips unusable rows', () => {
    expect(() => readAnswer('error code: 524')).toThrow();
    const a = readAnswer({ accounts: [{ id: 'A', balance: 'x' }, { id: 'B', balance: '1', transactions: [{ id: 'T', amount: 'NaN', posted: 1 }, { id: 'U', amount: '2', posted: 0 }] }] });
    expect(a.accounts.map((x) => x.id)).toEqual(['B']);
    expect(a.accounts[0].transactions).toEqual([]);
  });
});

describe('mapping', () => {
  it('types accounts from their names', () => {
    expect(accountTypeOf('TCC Visa Card')).toBe('CREDIT_CARD');
    expect(accountTypeOf('Line of Credit')).toBe('CREDIT_CARD');
    expect(accountTypeOf('High-yield Savings')).toBe('SAVINGS');
    expect(accountTypeOf('Home Mortgage')).toBe('LOAN');
    expect(accountTypeOf('Auto loan')).toBe('LOAN');
    expect(accountTypeOf('Everyday')).toBe('CHECKINGS');
  });
  it('maps a pending and a posted transaction', () => {
    expect(toProviderTransaction({ id: 'T1', posted: 0, amount: '-25.00', description: 'SQ *BLUE BOTTLE  #12', transacted_at: 100, pending: true })).toMatchObject({
      key: 'T1', date: 100, amount: '-25.00', label: 'SQ *BLUE BOTTLE', raw: 'SQ *BLUE BOTTLE  #12', status: 'PENDING',
    });
    expect(toProviderTransaction({ id: 'T2', posted: 200, amount: '+10', description: 'X', payee: 'Acme', transacted_at: 150, pending: false })).toMatchObject({
      key: 'T2', date: 200, booking_date: 200, amount: '10', label: 'Acme', counterparty: 'Acme', status: 'BOOKED', type: 'CREDIT',
    });
  });
});

describe('budget', () => {
  const now = 20_000 * DAY + 3600;
  it('allows 24 requests in any 24 hours, counting the requests of the run', () => {
    const state: Record<string, unknown> = {};
    expect(checkBudget(state, 'a', now, 5).ok).toBe(true);
    for (let i = 0; i < 20; i++) recordRequest(state, 'a', now - 3600 + i);
    expect(checkBudget(state, 'a', now, 4).ok).toBe(true);
    expect(checkBudget(state, 'a', now, 5).ok).toBe(false);
    expect(checkBudget(state, 'b', now, 5).ok).toBe(true);
    expect(checkBudget(state, 'a', now + DAY, 5).ok).toBe(true);
  });
  it('after a 429, nothing until the next day (00:00 UTC)', () => {
    const state: Record<string, unknown> = {};
    recordRateLimited(state, 'a', now);
    const v = checkBudget(state, 'a', now + 60, 1);
    expect(v.ok).toBe(false);
    expect(!v.ok && v.nextTry).toBe(20_001 * DAY);
    expect(checkBudget(state, 'a', 20_001 * DAY, 1).ok).toBe(true);
  });
});
