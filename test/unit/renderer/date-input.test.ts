import { describe, expect, it } from 'vitest';
import { addDays, datePattern, formatTypedDay, parseTypedDay } from '../../../src/renderer/src/lib/date-input';

describe('typed days (ui/DateField)', () => {
  it('reads the day first, as the app writes dates, whatever the separator', () => {
    for (const text of ['24/11/2026', '24.11.2026', '24-11-2026', '24 11 2026', ' 24/11/26 ', '2026-11-24'])
      expect([text, parseTypedDay(text)]).toEqual([text, '2026-11-24']);
    expect(parseTypedDay('3/2/2026')).toBe('2026-02-03');
  });

  it('reads a month written in words, English or French, long or short, with or without accents', () => {
    for (const text of ['24 Nov 2026', '24 November 2026', '24 nov. 2026', '24 novembre 2026'])
      expect([text, parseTypedDay(text)]).toEqual([text, '2026-11-24']);
    expect(parseTypedDay('1er févr. 2026')).toBe('2026-02-01');
    expect(parseTypedDay('1 fevrier 2026')).toBe('2026-02-01');
    expect(parseTypedDay('15 août 2026')).toBe('2026-08-15');
  });

  it('"" for an empty field, null for what is not a day', () => {
    expect(parseTypedDay('   ')).toBe('');
    for (const text of ['31/02/2026', '11/13/2026', '24/11', 'tomorrow', '24 Foo 2026', '2026-02-30', '00/01/2026'])
      expect([text, parseTypedDay(text)]).toEqual([text, null]);
  });

  it('writes a day back as dd/mm/yyyy; the pattern is said in the language', () => {
    expect(formatTypedDay('2026-03-07')).toBe('07/03/2026');
    expect(formatTypedDay('')).toBe('');
    expect(datePattern('fr')).toBe('jj/mm/aaaa');
    expect(datePattern('en')).toBe('dd/mm/yyyy');
  });

  it('moves days across months and years (the "until" day ↔ the excluded end)', () => {
    expect(addDays('2026-10-31', 1)).toBe('2026-11-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('', 1)).toBe('');
  });
});
