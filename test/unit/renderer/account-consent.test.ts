import { describe, expect, it } from 'vitest';
import { awaitingDecision, consentChange, hasConsentBox, isShared } from '../../../src/renderer/src/features/connections/account-consent';

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
    expect(consentChange(accounts, new Set(['1', '3']))).toEqual({ grant: ['1'], withdraw: ['4'] });
    expect(consentChange(accounts, new Set(['3', '4']))).toEqual({ grant: [], withdraw: [] });
  });

  it('counts as waiting only the accounts not left unticked on purpose', () => {
    const accounts = [
      { id: '1', status: 'PENDING_CONSENT' },
      { id: '2', status: 'PENDING_CONSENT' },
      { id: '3', status: 'ACTIVE' },
    ];
    expect(awaitingDecision(accounts, undefined).map((a) => a.id)).toEqual(['1', '2']);
    expect(awaitingDecision(accounts, ['2', '3']).map((a) => a.id)).toEqual(['1']);
  });
});
