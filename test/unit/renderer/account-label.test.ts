import { describe, expect, it } from 'vitest';
import {
  accountLabels,
  accountOrigin,
  maskedAccountNumber,
  nameKey,
} from '../../../src/renderer/src/features/common/account-label';

const account = (id: string, name: string, connection_id: string, more: { iban?: string; account_number?: string } = {}) => ({
  id,
  name,
  connection_id,
  ...more,
});

describe('account display name (issue 15)', () => {
  it('masks the IBAN, else the account number, to its last four characters', () => {
    expect(maskedAccountNumber({ iban: 'FR76 3000 4000 0312 3456 7890 143', account_number: '12345678' })).toBe('••0143');
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

  it('keeps the name alone when there is nothing to add', () => {
    const labels = accountLabels([account('1', 'Cash', 'x'), account('2', 'Cash', 'y')], []);
    expect(labels.get('1')).toBe('Cash');
  });
});
