import { describe, expect, it } from 'vitest';
import { maskCredential } from '../../../src/shared/credential-mask';
import {
  accountLabelParts,
  accountLabels,
  accountOrigin,
  maskedAccountNumber,
  nameKey,
} from '../../../src/renderer/src/features/common/account-label';

const account = (
  id: string,
  name: string,
  connection_id: string,
  more: { iban?: string; account_number?: string } = {},
) => ({
  id,
  name,
  connection_id,
  ...more,
});

const channel = (masked: string) => ({
  channel_definition_id: 'EMBEDDED',
  mode: 'EMBEDDED' as const,
  status: 'SUCCESS',
  credentials: [
    { id: 'login', masked_value: masked },
    { id: 'password', masked_value: '********' },
  ],
});

describe('account display name (issue 15)', () => {
  it('masks the IBAN, else the account number, to its last four characters', () => {
    expect(maskedAccountNumber({ iban: 'FR76 3000 4000 0312 3456 7890 143', account_number: '12345678' })).toBe(
      '••0143',
    );
    expect(maskedAccountNumber({ account_number: '4970 XXXX XXXX 4521' })).toBe('••4521');
    expect(maskedAccountNumber({ account_number: 'PRET-00012345' })).toBe('••2345');
    expect(maskedAccountNumber({ account_number: '12' })).toBeUndefined();
    expect(maskedAccountNumber({})).toBeUndefined();
  });

  it('compares names without case, accents or repeated spaces', () => {
    expect(nameKey(' Compte  courant ')).toBe(nameKey('COMPTE COURANT'));
    expect(nameKey('Épargne')).toBe(nameKey('epargne'));
  });

  it('says where an account is: its connection and masked number', () => {
    expect(accountOrigin({ account_number: '00001234' }, 'My bank')).toBe('My bank ••1234');
    expect(accountOrigin({}, 'My bank')).toBe('My bank');
    expect(accountOrigin({ account_number: '00001234' }, undefined)).toBe('••1234');
  });

  it('keeps a unique name as it is and tells apart accounts sharing a name', () => {
    const labels = accountLabels(
      [
        account('1', 'Compte Courant', 'a', { iban: 'FR7630004000031234567890143' }),
        account('2', 'Compte courant', 'b', { account_number: '00009876' }),
        account('3', 'Livret A', 'a', { account_number: '00005555' }),
      ],
      [
        { id: 'a', name: 'BNP' },
        { id: 'b', name: 'Crédit Agricole' },
      ],
    );
    expect(labels.get('1')).toBe('Compte Courant ••0143 — BNP');
    expect(labels.get('2')).toBe('Compte courant ••9876 — Crédit Agricole');
    expect(labels.get('3')).toBe('Livret A');
  });

  it('numbers accounts that nothing else tells apart', () => {
    const labels = accountLabels([account('1', 'Cash', 'x'), account('2', 'Cash', 'y')], []);
    expect([labels.get('1'), labels.get('2')]).toEqual(['Cash #1', 'Cash #2']);
  });

  it('tells apart same-named accounts with the same number at connections of one bank by the login', () => {
    const connections = ['alice.martin', 'bob.durand', 'carol.petit', 'david.morel'].map((login, i) => ({
      id: `c${i}`,
      name: 'Coffer Test Bank',
      creation_date: 100 + i,
      channels: [channel(maskCredential('TEXT', login))],
    }));
    const accounts = connections.map((c, i) =>
      account(`a${i}`, 'Compte Courant', c.id, { iban: 'FR7630004000031234567895306' }),
    );
    const labels = accountLabels(accounts, connections);
    expect([...labels.values()]).toEqual([
      'Compte Courant ••5306 — Coffer Test Bank · al****in',
      'Compte Courant ••5306 — Coffer Test Bank · bo****nd',
      'Compte Courant ••5306 — Coffer Test Bank · ca****it',
      'Compte Courant ••5306 — Coffer Test Bank · da****el',
    ]);
    // What a narrow place keeps: the number and the login, never only the shared names.
    const parts = accountLabelParts(accounts, connections).get('a0')!;
    // The numbers are all ••5306: the login is what a narrow place keeps, the number and the bank's name go first.
    expect(parts.filter((p) => p.keep).map((p) => p.text)).toEqual([' — ', ' · al****in']);
    expect(parts.filter((p) => p.extra).map((p) => p.text)).toEqual([' ••5306', 'Coffer Test Bank']);
  });

  it('keeps only the number in a narrow place when each account has its own', () => {
    const connections = ['alice.martin', 'bob.durand'].map((login, i) => ({
      id: `c${i}`,
      name: 'Coffer Test Bank',
      creation_date: i,
      channels: [channel(maskCredential('TEXT', login))],
    }));
    const accounts = [
      account('a0', 'Compte Courant', 'c0', { account_number: '00000118' }),
      account('a1', 'Compte Courant', 'c1', { account_number: '00000165' }),
    ];
    const parts = accountLabelParts(accounts, connections).get('a0')!;
    expect(parts.map((p) => p.text).join('')).toBe('Compte Courant ••0118 — Coffer Test Bank · al****in');
    expect(parts.filter((p) => p.keep).map((p) => p.text)).toEqual([' ••0118']);
  });

  it('keeps the bank in a narrow place when the accounts are at different banks and share a number', () => {
    const parts = accountLabelParts(
      [
        account('1', 'Savings', 'a', { account_number: '1111' }),
        account('2', 'Savings', 'b', { account_number: '1111' }),
      ],
      [
        { id: 'a', name: 'BNP' },
        { id: 'b', name: 'LCL' },
      ],
    ).get('2')!;
    expect(parts.map((p) => p.text).join('')).toBe('Savings ••1111 — LCL');
    expect(parts.filter((p) => p.keep).map((p) => p.text)).toEqual([' — ', 'LCL']);
  });
});
