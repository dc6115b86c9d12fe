import { describe, expect, it } from 'vitest';
import {
  awaitingDecision,
  changesSomething,
  consentChange,
  hasConsentBox,
  isDeclined,
  isShared,
} from '../../../src/renderer/src/features/connections/account-consent';

describe('per-account consent boxes (issue 15)', () => {
  it('ticks shared accounts, offers a box to waiting ones, none to the others', () => {
    expect(isShared('ACTIVE')).toBe(true);
    expect(isShared('PENDING_CONSENT')).toBe(false);
    expect(hasConsentBox('PENDING_CONSENT')).toBe(true);
    expect(hasConsentBox('ERROR')).toBe(true);
    expect(hasConsentBox('CLOSED')).toBe(false);
    expect(hasConsentBox('SUSPENDED')).toBe(false);
  });

  it('grants what waits and is ticked, withdraws what is shared and unticked, leaves the rest', () => {
    const accounts = [
      { id: '1', status: 'PENDING_CONSENT' as const },
      { id: '2', status: 'PENDING_CONSENT' as const },
      { id: '3', status: 'ACTIVE' as const },
      { id: '4', status: 'NOT_FOUND' as const },
      { id: '5', status: 'CLOSED' as const },
    ];
    expect(consentChange(accounts, new Set(['1', '3']))).toEqual({ grant: ['1'], withdraw: ['4'], decline: ['2'] });
    expect(consentChange(accounts, new Set(['1', '2', '3', '4']))).toEqual({
      grant: ['1', '2'],
      withdraw: [],
      decline: [],
    });
    expect(changesSomething(consentChange(accounts, new Set(['1', '2', '3', '4'])))).toBe(true);
  });

  it('declines the waiting accounts left unticked, once: an account already declined is not sent again', () => {
    const accounts = [
      { id: '1', status: 'PENDING_CONSENT' as const, consent_declined: true },
      { id: '2', status: 'PENDING_CONSENT' as const },
      { id: '3', status: 'ACTIVE' as const },
    ];
    expect(consentChange(accounts, new Set(['3']))).toEqual({ grant: [], withdraw: [], decline: ['2'] });
    const settled = [accounts[0], { ...accounts[1], consent_declined: true }, accounts[2]];
    expect(changesSomething(consentChange(settled, new Set(['3'])))).toBe(false);
    // Ticking a declined account grants it.
    expect(consentChange(settled, new Set(['1', '3']))).toEqual({ grant: ['1'], withdraw: [], decline: [] });
  });

  it('counts as waiting only the accounts not declined; a declined account that is shared again is not "not shared"', () => {
    const accounts = [
      { id: '1', status: 'PENDING_CONSENT' as const },
      { id: '2', status: 'PENDING_CONSENT' as const, consent_declined: true },
      { id: '3', status: 'ACTIVE' as const },
    ];
    expect(awaitingDecision(accounts).map((a) => a.id)).toEqual(['1']);
    expect(accounts.filter(isDeclined).map((a) => a.id)).toEqual(['2']);
    expect(isDeclined({ id: '4', status: 'ACTIVE', consent_declined: true })).toBe(false);
  });
});
