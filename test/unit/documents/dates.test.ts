import { describe, expect, it } from 'vitest';
import {
  numericDateToUtc,
  resolveDateOrder,
  splitNumericDate,
  type DatedLocation,
} from '../../../src/main/engine/connectors/statements/formats/date-order';
import { parseIsoDate, parseOfxDate, parseYymmdd, utcDay } from '../../../src/main/engine/connectors/statements/formats/dates';
import { ParseContext } from '../../../src/main/engine/connectors/statements/formats/parse-context';
import { day } from './helpers';

describe('calendar days', () => {
  it('validates real dates', () => {
    expect(utcDay(2024, 2, 29)).toBe(day('2024-02-29'));
    expect(utcDay(2023, 2, 29)).toBeNull();
    expect(utcDay(2024, 2, 30)).toBeNull();
    expect(utcDay(2024, 4, 31)).toBeNull();
    expect(utcDay(2024, 13, 1)).toBeNull();
    expect(utcDay(2000, 2, 29)).toBe(day('2000-02-29'));
    expect(utcDay(1900, 2, 29)).toBeNull();
    expect(utcDay(1899, 12, 31)).toBeNull();
  });

  it.each([
    ['20240131', '2024-01-31'],
    ['20240131120000', '2024-01-31'],
    ['20240131235959.999', '2024-01-31'],
    ['20240131120000.000[-5:EST]', '2024-01-31'],
    ['20240131230000.000[+10:AEST]', '2024-01-31'],
    ['20240131120000[0:GMT]', '2024-01-31'],
    ['20240131120000 [-3.30:NST]', '2024-01-31'],
    ['202401311200', '2024-01-31'],
  ])('OFX date %s', (text, iso) => {
    expect(parseOfxDate(text)).toBe(day(iso));
  });

  it.each([
    '2024013',
    '20240230',
    '20241301',
    '20240131250000',
    '20240131126000',
    '20240131120000.000[-5:EST',
    '2024-01-31',
    'x20240131',
    '20240131120000.000[abc]',
  ])('rejects OFX date %j', (text) => {
    expect(parseOfxDate(text)).toBeNull();
  });

  it('parses ISO and SWIFT dates', () => {
    expect(parseIsoDate('2024-01-31')).toBe(day('2024-01-31'));
    expect(parseIsoDate('2024-01-31T23:59:59.123+01:00')).toBe(day('2024-01-31'));
    expect(parseIsoDate('2024-02-30')).toBeNull();
    expect(parseIsoDate('2024-01-31T24:00:00')).toBeNull();
    expect(parseYymmdd('240131')).toBe(day('2024-01-31'));
    expect(parseYymmdd('991231')).toBe(day('1999-12-31'));
    expect(parseYymmdd('240230')).toBeNull();
  });
});

describe('day/month order', () => {
  const ctx = () => new ParseContext({ fileName: 'f.qif' });
  const dated = (...texts: string[]): DatedLocation[] =>
    texts.map((text, i) => ({ text, date: splitNumericDate(text)!, location: `line ${i + 1}` }));

  it('splits the numeric forms banks use', () => {
    expect(splitNumericDate('01/31/2024')).toEqual({ first: 1, second: 31, year: 2024 });
    expect(splitNumericDate('31.01.2024')).toEqual({ first: 31, second: 1, year: 2024 });
    expect(splitNumericDate("1/31'24")).toEqual({ first: 1, second: 31, year: 2024 });
    expect(splitNumericDate("1/ 5' 4")).toEqual({ first: 1, second: 5, year: 2004 });
    expect(splitNumericDate('31-01-99')).toEqual({ first: 31, second: 1, year: 1999 });
    expect(splitNumericDate('2024-01-31')?.iso).toBe(day('2024-01-31'));
    expect(splitNumericDate('20240131')?.iso).toBe(day('2024-01-31'));
    expect(splitNumericDate('Jan 31 2024')).toBeNull();
  });

  it('decides from the whole file', () => {
    expect(resolveDateOrder(dated('01/02/2024', '13/02/2024'), 'auto', ctx())).toBe('DMY');
    expect(resolveDateOrder(dated('01/02/2024', '02/13/2024'), 'auto', ctx())).toBe('MDY');
    expect(resolveDateOrder(dated('01/01/2024', '2024-05-06'), 'auto', ctx())).toBe('DMY');
    expect(resolveDateOrder(dated('01/02/2024'), 'MDY', ctx())).toBe('MDY');
  });

  it('throws when the file is ambiguous or inconsistent', () => {
    expect(() => resolveDateOrder(dated('01/02/2024', '03/04/2024'), 'auto', ctx())).toThrow(
      /^f\.qif, line 1: ambiguous date.*dateOrder/,
    );
    expect(() => resolveDateOrder(dated('13/02/2024', '02/13/2024'), 'auto', ctx())).toThrow(
      /^f\.qif, line 2: inconsistent day\/month order/,
    );
  });

  it('converts with the decided order', () => {
    expect(numericDateToUtc(splitNumericDate('03/04/2024')!, 'DMY')).toBe(day('2024-04-03'));
    expect(numericDateToUtc(splitNumericDate('03/04/2024')!, 'MDY')).toBe(day('2024-03-04'));
    expect(numericDateToUtc(splitNumericDate('30/02/2024')!, 'DMY')).toBeNull();
  });
});

describe('the OFX dates of one parse', () => {
  it('reads repeated and alternating dates like parseOfxDate, each parse with a reader of its own', () => {
    const first = new ParseContext();
    const second = new ParseContext();
    const texts = ['20240131', '20240131', '20240229120000', 'not a date', '20240131', '20230229'];
    for (const text of texts) {
      expect(first.ofxDates.read(text)).toBe(parseOfxDate(text));
      // a second parse in the same process interleaved with the first
      expect(second.ofxDates.read(texts[texts.length - 1 - texts.indexOf(text)])).toBe(
        parseOfxDate(texts[texts.length - 1 - texts.indexOf(text)]),
      );
    }
    expect(first.ofxDates).not.toBe(second.ofxDates);
    expect(first.labels).not.toBe(second.labels);
  });
});
