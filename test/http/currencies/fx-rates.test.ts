import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEcbEmulator, type EcbEmulator } from '../../emulators/ecb/server';
import { startTestEngine, type TestEngine } from '../../helpers/engine';

/** An answer's JSON body, checked field by field by the tests. */
const json = async (res: Response | Promise<Response>): Promise<any> => (await res).json();

/**
 * Exchange rates over real HTTP and SQLite against the loopback ECB emulator (real rates of 2016-12-05 to
 * 2017-03-03): the fetch, the rate of a pair (cross rates, the last earlier day, the person's own rates),
 * broken and malformed answers that keep the rates held, and a restart that fetches only what is missing.
 */
let ecb: EcbEmulator;
let engine: TestEngine;
let user: number;
let reader: string;
let editor: string;
let otherReader: string;
let admin: string;
const at = (iso: string) => () => Date.parse(iso) / 1000;

beforeAll(async () => {
  ecb = await startEcbEmulator();
  engine = await startTestEngine({ fxRatesUrl: ecb.baseUrl });
  user = engine.createUser();
  reader = engine.userToken(user, ['accounts_read']);
  editor = engine.userToken(user, ['profile_edit']);
  otherReader = engine.userToken(engine.createUser(), ['accounts_read']);
  admin = engine.clientToken(['admin']);
});
afterAll(async () => {
  await engine?.stop();
  await ecb?.stop();
});

const rate = (query: string, token = reader) => engine.http(`/v2/fx_rates?${query}`, { token });
const refresh = async () => {
  const res = await engine.http('/v2/admin/fx_rates/refresh', { method: 'POST', token: admin });
  expect(res.status).toBe(200);
  return json(res);
};
const putRate = (path: string, json: unknown, token = editor) => engine.http(`/v2/fx_rates/${path}`, { method: 'PUT', json, token });

describe('fetching the ECB rates', () => {
  it('holds no rate before the first fetch: 404, never 1:1', async () => {
    const res = await rate('from=USD&to=EUR&date=2017-03-03');
    expect(res.status).toBe(404);
    expect((await json(res)).error).toBe('not_found');
  });

  it('fetches the whole history the first time', async () => {
    const body = await refresh();
    expect(body).toEqual({ ok: true, latest_rate_date: '2017-03-03' });
    expect(ecb.requests.map((r) => r.path)).toEqual(['/stats/eurofxref/eurofxref-hist.xml']);
  });

  it('answers the published rate, its inverse and the cross rate through the euro', async () => {
    expect(await json(rate('from=EUR&to=USD&date=2017-03-03'))).toEqual({
      from: 'EUR', to: 'USD', date: '2017-03-03', rate: 1.0565, rate_date: '2017-03-03', source: 'ECB',
    });
    const inverse = await json(rate('from=USD&to=EUR&date=2017-03-03'));
    expect(inverse.rate).toBeCloseTo(1 / 1.0565, 9);
    const cross = await json(rate('from=GBP&to=JPY&date=2017-03-02'));
    expect(cross).toMatchObject({ rate_date: '2017-03-02', source: 'ECB' });
    expect(cross.rate).toBeCloseTo(120.24 / 0.8556, 6);
  });

  it('uses the most recent earlier rate on a day without one, and says which day', async () => {
    const saturday = await json(rate('from=EUR&to=USD&date=2017-03-04'));
    expect(saturday).toMatchObject({ date: '2017-03-04', rate: 1.0565, rate_date: '2017-03-03' });
  });

  it('has no rate before the oldest one held, nor for a currency the ECB does not publish', async () => {
    expect((await rate('from=EUR&to=USD&date=2016-12-02')).status).toBe(404);
    expect((await rate('from=ARS&to=EUR&date=2017-03-03')).status).toBe(404);
  });

  it('gives 1 between a currency and itself, dated the day asked', async () => {
    expect(await json(rate('from=CHF&to=CHF&date=2020-02-29'))).toMatchObject({ rate: 1, rate_date: '2020-02-29' });
  });

  it('answers 400 invalid_request to a code that is not three capital letters or a day that is not real', async () => {
    for (const query of ['from=usd&to=EUR', 'from=US&to=EUR', 'from=USDX&to=EUR', 'from=USD&to=EUR&date=2017-02-30', 'from=USD&to=EUR&date=3/3/2017', 'to=EUR']) {
      const res = await rate(query);
      expect(res.status, query).toBe(400);
      expect((await json(res)).error, query).toBe('invalid_request');
    }
  });
});

describe("the person's own rates", () => {
  it('win on their day and the following days until the next rate of either source; the inverse follows', async () => {
    expect((await putRate('USD/EUR/2017-03-02', { rate: 0.9 })).status).toBe(204);
    expect(await json(rate('from=USD&to=EUR&date=2017-03-02'))).toMatchObject({ rate: 0.9, rate_date: '2017-03-02', source: 'USER' });
    expect((await json(rate('from=EUR&to=USD&date=2017-03-02'))).rate).toBeCloseTo(1 / 0.9, 9);
    // The ECB's rate of the next day ends it.
    expect(await json(rate('from=USD&to=EUR&date=2017-03-03'))).toMatchObject({ rate_date: '2017-03-03', source: 'ECB' });
    // A cross rate through one of its legs says so.
    expect(await json(rate('from=USD&to=GBP&date=2017-03-02'))).toMatchObject({ source: 'USER' });
    // Another person does not see it.
    expect(await json(rate('from=USD&to=EUR&date=2017-03-02', otherReader))).toMatchObject({ source: 'ECB' });
  });

  it('give a rate where the ECB has none', async () => {
    expect((await putRate('ARS/EUR/2017-01-10', { rate: 0.06 })).status).toBe(204);
    expect(await json(rate('from=ARS&to=EUR&date=2017-03-03'))).toMatchObject({ rate: 0.06, rate_date: '2017-01-10', source: 'USER' });
    expect((await rate('from=ARS&to=EUR&date=2017-01-09')).status).toBe(404);
  });

  it('are removed by DELETE (404 when there was none)', async () => {
    expect((await engine.http('/v2/fx_rates/USD/EUR/2017-03-02', { method: 'DELETE', token: editor })).status).toBe(204);
    expect(await json(rate('from=USD&to=EUR&date=2017-03-02'))).toMatchObject({ source: 'ECB' });
    const again = await engine.http('/v2/fx_rates/USD/EUR/2017-03-02', { method: 'DELETE', token: editor });
    expect(again.status).toBe(404);
    expect((await json(again)).error).toBe('not_found');
  });

  it('refuse a rate that is not a number above zero, unknown fields and bad codes or days with 400', async () => {
    const cases: Array<[string, unknown]> = [
      ['USD/EUR/2017-03-02', { rate: 0 }],
      ['USD/EUR/2017-03-02', { rate: -1.5 }],
      ['USD/EUR/2017-03-02', { rate: '1.2' }],
      ['USD/EUR/2017-03-02', { rate: 1.2, note: 'x' }],
      ['USD/EUR/2017-03-02', {}],
      ['USD/USD/2017-03-02', { rate: 1.2 }],
      ['usd/EUR/2017-03-02', { rate: 1.2 }],
      ['USD/EUR/2017-13-01', { rate: 1.2 }],
    ];
    for (const [path, body] of cases) {
      const res = await putRate(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect((await json(res)).error).toBe('invalid_request');
    }
  });

  it('need the profile_edit scope', async () => {
    expect((await putRate('USD/EUR/2017-03-02', { rate: 1.2 }, reader)).status).toBe(403);
  });
});

describe('broken and malformed answers keep the rates held', () => {
  const monday = at('2017-03-06T16:00:00Z');

  it('fetches only the daily file when one publication day is missing', async () => {
    engine.ctx.now = monday;
    ecb.addDay({ date: '2017-03-06', rates: [['USD', '1.0606'], ['GBP', '0.8618']] });
    ecb.requests.length = 0;
    expect(await refresh()).toEqual({ ok: true, latest_rate_date: '2017-03-06' });
    expect(ecb.requests.map((r) => r.path)).toEqual(['/stats/eurofxref/eurofxref-daily.xml']);
  });

  it.each([
    [{ kind: 'status', status: 500 } as const, /500/],
    [{ kind: 'truncated' } as const, /cut off/],
    [{ kind: 'not-xml' } as const, /not a rates file/],
    [{ kind: 'huge', bytes: 3 * 1024 * 1024 } as const, /larger than 1 MB/],
  ])('%j: ok false with the reason, the rates held unchanged', async (how, reason) => {
    ecb.addDay({ date: '2017-03-07', rates: [['USD', '9.9999']] });
    engine.ctx.now = at('2017-03-07T16:00:00Z');
    ecb.breakWith(how);
    const body = await refresh();
    ecb.heal();
    expect(body.ok).toBe(false);
    expect(body.error).toMatch(reason);
    expect(body.latest_rate_date).toBe('2017-03-06');
    expect(await json(rate('from=EUR&to=USD&date=2017-03-07'))).toMatchObject({ rate: 1.0606, rate_date: '2017-03-06' });
  });

  it.each(['not-a-number', 'zero', 'negative', 'bad-code', 'before-1999'] as const)(
    'a malformed row (%s) is skipped, the rest of the file is kept',
    async (row) => {
      engine.ctx.now = at('2017-03-07T16:00:00Z');
      ecb.addDay({ date: '2017-03-07', rates: [['USD', '1.0591']] });
      ecb.breakWith({ kind: 'row', row });
      const body = await refresh();
      ecb.heal();
      expect(body).toEqual({ ok: true, latest_rate_date: '2017-03-07' });
      expect(await json(rate('from=EUR&to=USD&date=2017-03-07'))).toMatchObject({ rate: 1.0591 });
      for (const code of ['XAU', 'XAG', 'XPT']) expect((await rate(`from=EUR&to=${code}&date=2017-03-07`)).status).toBe(404);
      expect((await rate('from=EUR&to=USD&date=1999-01-01')).status).toBe(404);
    },
  );
});

describe('a day fetched again', () => {
  it('keeps the rate of a currency the new file lacks, and takes the others', async () => {
    engine.ctx.now = at('2017-03-07T16:00:00Z');
    ecb.addDay({ date: '2017-03-07', rates: [['GBP', '0.8700']] });
    expect(await refresh()).toEqual({ ok: true, latest_rate_date: '2017-03-07' });
    expect(await json(rate('from=EUR&to=USD&date=2017-03-07'))).toMatchObject({ rate: 1.0591, rate_date: '2017-03-07' });
    expect(await json(rate('from=EUR&to=GBP&date=2017-03-07'))).toMatchObject({ rate: 0.87, rate_date: '2017-03-07' });
  });
});

describe('a restart', () => {
  it('keeps the rates and fetches only what is missing', async () => {
    const dataDir = engine.dataDir;
    await engine.close();
    engine = await startTestEngine({ dataDir, fxRatesUrl: ecb.baseUrl });
    reader = engine.userToken(user, ['accounts_read']);
    admin = engine.clientToken(['admin']);
    ecb.requests.length = 0;
    engine.ctx.now = at('2017-03-07T18:00:00Z');
    expect(await engine.ctx.services.ratesRefresh.refreshIfDue()).toBeUndefined();
    expect(ecb.requests).toEqual([]);
    expect(await json(rate('from=EUR&to=USD&date=2017-03-07'))).toMatchObject({ rate: 1.0591 });
    ecb.addDay({ date: '2017-03-08', rates: [['USD', '1.0545']] });
    engine.ctx.now = at('2017-03-08T15:30:00Z');
    expect(await engine.ctx.services.ratesRefresh.refreshIfDue()).toEqual({ ok: true, latest_rate_date: '2017-03-08' });
    expect(ecb.requests.map((r) => r.path)).toEqual(['/stats/eurofxref/eurofxref-daily.xml']);
  });
});
