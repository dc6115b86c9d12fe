import { describe, expect, it } from 'vitest';
import { en } from '../../../src/renderer/src/lib/i18n/en';
import { fr } from '../../../src/renderer/src/lib/i18n/fr';
import { formatMoney, translate, translatePlural } from '../../../src/renderer/src/lib/i18n/translate';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('dictionaries', () => {
  it('French has every English key, with the same placeholders', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect([key, placeholders(fr[key])]).toEqual([key, placeholders(en[key])]);
    }
  });

  it('has a sentence for every connection and channel status of the contract', () => {
    const statuses = [
      'NONE',
      'NEVER',
      'RUNNING',
      'PARTIAL_SUCCESS',
      'SUCCESS',
      'FAILED',
      'AUTH_FAILED',
      'TOO_MANY_ATTEMPTS',
      'SERVICE_UNAVAILABLE',
      'PASSWORD_CHANGE_REQUIRED',
      'USER_ACTION_REQUIRED',
      'CHALLENGE_REQUIRED',
      'CHALLENGE_TIMED_OUT',
      'CHALLENGE_FAILED',
      'CHALLENGE_CANCELLED',
      'NEEDS_SECRET',
      'CLOSED',
      'TOKEN_EXPIRED',
      'EMPTY',
    ];
    for (const s of statuses) {
      expect(en).toHaveProperty(`status.${s}`);
      expect(fr[`status.${s}` as keyof typeof fr]).not.toBe(en[`status.${s}` as keyof typeof en]);
    }
  });

  it('fills placeholders and picks plural forms per language', () => {
    expect(translate('en', 'connections.finished', { name: 'Bank', status: 'Up to date' })).toBe('Bank: Up to date');
    expect(translatePlural('en', 'connections.accounts', 1)).toBe('1 account');
    expect(translatePlural('en', 'connections.accounts', 0)).toBe('0 accounts');
    expect(translatePlural('fr', 'connections.accounts', 0)).toBe('0 compte');
    expect(translatePlural('fr', 'connections.accounts', 2)).toBe('2 comptes');
    expect(translatePlural('en', 'history.count', 100000)).toBe('100,000 transactions');
  });

  it('formats money in the language', () => {
    expect(formatMoney('en', -1234.5, 'EUR')).toBe('-€1,234.50');
    expect(formatMoney('fr', -1234.5, 'EUR').replace(/\s/g, ' ')).toBe('-1 234,50 €');
    expect(formatMoney('en', 10, 'EUR', { sign: true })).toBe('+€10.00');
  });
});
