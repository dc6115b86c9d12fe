import { describe, expect, it } from 'vitest';
import { parseEcbXml, EcbXmlReader, EcbFileError } from '../../../src/main/engine/domain/ecb-xml';
import { findRate, isCalendarDate, type DatedRate, type RateLookups } from '../../../src/main/engine/domain/fx-rates';
import { fileToFetch, lastPublication } from '../../../src/main/engine/domain/fx-schedule';

/** Lookups over plain lists: ECB rates per currency, the person's per "FROM>TO"; each newest last. */
function lookups(ecb: Record<string, DatedRate[]>, user: Record<string, DatedRate[]> = {}): RateLookups {
  const latest = (list: DatedRate[] | undefined, date: string) => list?.filter((r) => r.date <= date).at(-1);
  return {
    ecb: (currency, date) => latest(ecb[currency], date),
    user: (from, to, date) => {
      const direct = latest(user[`${from}>${to}`], date);
      const inverse = latest(user[`${to}>${from}`], date);
      if (inverse && (!direct || inverse.date > direct.date)) return { rate: 1 / inverse.rate, date: inverse.date };
      return direct;
    },
  };
}

const ECB = {
  USD: [{ date: '2026-11-19', rate: 1.05 }, { date: '2026-11-20', rate: 1.06 }],
  GBP: [{ date: '2026-11-19', rate: 0.84 }, { date: '2026-11-20', rate: 0.85 }],
};

describe('findRate', () => {
  it('crosses through the euro with the last earlier day, and never invents a rate', () => {
    expect(findRate(lookups(ECB), 'GBP', 'USD', '2026-11-22')).toEqual({ rate: Number((1.06 / 0.85).toPrecision(10)), rate_date: '2026-11-20', source: 'ECB' });
    expect(findRate(lookups(ECB), 'USD', 'EUR', '2026-11-18')).toBeUndefined();
    expect(findRate(lookups(ECB), 'ARS', 'EUR', '2026-11-20')).toBeUndefined();
    expect(findRate(lookups(ECB), 'ARS', 'ARS', '2026-11-20')).toEqual({ rate: 1, rate_date: '2026-11-20', source: 'ECB' });
  });

  it("lets the person's rate win on its day and after, until the next rate of either source", () => {
    const own = lookups(ECB, { 'USD>EUR': [{ date: '2026-11-19', rate: 0.9 }] });
    expect(findRate(own, 'USD', 'EUR', '2026-11-19')).toEqual({ rate: 0.9, rate_date: '2026-11-19', source: 'USER' });
    expect(findRate(own, 'EUR', 'USD', '2026-11-19')?.rate).toBeCloseTo(1 / 0.9, 12);
    expect(findRate(own, 'USD', 'EUR', '2026-11-20')?.source).toBe('ECB');
    const later = lookups(ECB, { 'EUR>USD': [{ date: '2026-11-21', rate: 2 }] });
    expect(findRate(later, 'USD', 'EUR', '2026-11-30')).toEqual({ rate: 0.5, rate_date: '2026-11-21', source: 'USER' });
  });
});

describe('the ECB file', () => {
  const file = (cubes: string, end = '</Cube></gesmes:Envelope>') =>
    `<?xml version="1.0" encoding="UTF-8"?><gesmes:Envelope xmlns:gesmes="x"><Cube>${cubes}${end}`;

  it('is read the same however the text is cut into chunks', () => {
    const text = file('<Cube time="2026-11-20"><Cube currency="USD" rate="1.0523"/><Cube currency="JPY" rate="163.2"/></Cube>');
    const whole = parseEcbXml(text, '2026-11-27');
    for (let size = 1; size < 40; size++) {
      const reader = new EcbXmlReader('2026-11-27');
      for (let i = 0; i < text.length; i += size) reader.push(text.slice(i, i + size));
      expect(reader.end()).toEqual(whole);
    }
    expect(whole.rows).toEqual([{ currency: 'USD', date: '2026-11-20', rate: 1.0523 }, { currency: 'JPY', date: '2026-11-20', rate: 163.2 }]);
  });

  it('skips a row dated in the future or on a day that does not exist', () => {
    const text = file('<Cube time="2026-11-28"><Cube currency="USD" rate="1.1"/></Cube><Cube time="2026-02-30"><Cube currency="USD" rate="1.1"/></Cube>');
    expect(parseEcbXml(text, '2026-11-27')).toEqual({ rows: [], skipped: 2 });
  });

  it('refuses a file cut off, or a text that is not one', () => {
    expect(() => parseEcbXml(file('<Cube time="2026-11-20"><Cube currency="USD" rate="1.1"/>', ''), '2026-11-27')).toThrow(EcbFileError);
    expect(() => parseEcbXml('<html><body>maintenance</body></html>', '2026-11-27')).toThrow(/not a rates file/);
    expect(() => parseEcbXml(`<gesmes:Envelope <${'x'.repeat(10_000)}`, '2026-11-27')).toThrow(/tag far longer/);
  });

  it('knows a real day from a look-alike', () => {
    expect(['2024-02-29', '1999-01-04'].every(isCalendarDate)).toBe(true);
    expect(['2023-02-29', '2026-13-01', '2026-1-01', '20261101', ''].some(isCalendarDate)).toBe(false);
  });
});

describe('when to fetch', () => {
  const t = (iso: string) => Date.parse(iso) / 1000;

  it('expects a working day\'s rates from 15:00 UTC (16:00 CET), none at the weekend', () => {
    expect(lastPublication(t('2026-11-20T14:59:00Z'))).toBe(t('2026-11-19T15:00:00Z'));
    expect(lastPublication(t('2026-11-20T15:00:00Z'))).toBe(t('2026-11-20T15:00:00Z'));
    expect(lastPublication(t('2026-11-23T09:00:00Z'))).toBe(t('2026-11-20T15:00:00Z'));
  });

  it('fetches the history first, then only what is missing, and nothing when nothing is', () => {
    const now = t('2026-11-23T16:00:00Z');
    expect(fileToFetch({ now, latestHeld: null })).toBe('eurofxref-hist.xml');
    expect(fileToFetch({ now, latestHeld: '2026-11-23' })).toBeNull();
    expect(fileToFetch({ now, latestHeld: '2026-11-20' })).toBe('eurofxref-daily.xml');
    expect(fileToFetch({ now, latestHeld: '2026-11-10' })).toBe('eurofxref-hist-90d.xml');
    expect(fileToFetch({ now, latestHeld: '2026-06-01' })).toBe('eurofxref-hist.xml');
  });

  it('waits after a failure, and for the next publication after a holiday', () => {
    const now = t('2026-12-25T16:00:00Z');
    expect(fileToFetch({ now, latestHeld: '2026-12-24', lastFailure: now - 600 })).toBeNull();
    expect(fileToFetch({ now, latestHeld: '2026-12-24', lastFailure: now - 3600 })).toBe('eurofxref-daily.xml');
    expect(fileToFetch({ now, latestHeld: '2026-12-24', lastSuccess: t('2026-12-25T15:30:00Z') })).toBeNull();
  });
});
