import { describe, expect, it } from 'vitest';
import { checkExportDocument, type KnownIds } from '../../../src/main/engine/domain/export-check';
import { exportRecord, importedChannelStatus, storedRow, TRANSACTION_FIELDS } from '../../../src/main/engine/domain/export-document';

const known: KnownIds = {
  providers: new Set(['9000']),
  channelDefinitions: new Set(['900000']),
  categories: new Set(['UNCATEGORIZED', 'RESTAURANT']),
};

const tx = (over: Record<string, unknown> = {}) => ({
  id: 1, account_id: 10, provider_key: 'k', amount: -1234, currency: 'EUR', date: 1, booking_date: null, value_date: null,
  last_update_date: 1, label: 'Café', notes: null, remittance_information: ['a'], source_label: null, type: 'CARD', origin: 'TRANSACTION',
  category_id: 'RESTAURANT', status: 'BOOKED', user_note: 'lunch', tags: ['work'], category_source: 'USER', category_rule_id: null, payee_id: null, ...over,
});
const account = { id: 10, connection_id: 5, reference: 'r', name: 'A', currency: 'EUR', balance: 0, balance_date: null, iban: null,
  account_number: null, status: 'ACTIVE', type: 'CHECKINGS', usage: 'PERSONAL', owner_name: null, last_channel_definition_id: null,
  payment_source: null, payment_destination: null, savings: null, loan: null, hidden_from_totals: 0, status_before_close: null,
  closing_balance: null, closing_date: null, consent_declined: 0 };
const doc = (over: Record<string, unknown> = {}) => ({
  format: 'coffer-export', version: 1, exported_at: 1, user: {},
  connections: [{ id: 5, provider_id: '9000', name: 'Bank', auto_sync: 1, consent_per_account: 0, owner_name: null, document_settings: null }],
  accounts: [account], transactions: [tx(), tx({ id: 2, provider_key: 'k2' })], ...over,
});

describe('checkExportDocument', () => {
  it('accepts a well-formed document; missing lists are empty', () => {
    const checked = checkExportDocument(doc(), known);
    expect(typeof checked).toBe('object');
    if (typeof checked === 'string') return;
    expect(checked.lists.transactions).toHaveLength(2);
    expect(checked.lists.rules).toEqual([]);
  });

  it('names the first bad place as a JSON path', () => {
    const d = doc({ transactions: [tx(), tx({ id: 2, amount: 12.5 }), tx({ id: 3, label: null })] });
    expect(checkExportDocument(d, known)).toBe('transactions[1].amount must be a whole number');
    expect(checkExportDocument(doc({ transactions: [tx({ tags: 'work' })] }), known)).toBe('transactions[0].tags must be a list of texts');
    expect(checkExportDocument(doc({ accounts: {} }), known)).toBe('accounts must be a list');
  });

  it('refuses links to nothing, unknown categories and providers, and ids given twice', () => {
    expect(checkExportDocument(doc({ transactions: [tx({ account_id: 11 })] }), known)).toMatch(/^transactions\[0\]\.account_id names 11/);
    expect(checkExportDocument(doc({ transactions: [tx({ category_rule_id: 3 })] }), known)).toMatch(/^transactions\[0\]\.category_rule_id/);
    expect(checkExportDocument(doc({ transactions: [tx({ category_id: 'NOPE' })] }), known)).toMatch(/^transactions\[0\]\.category_id/);
    expect(checkExportDocument(doc({ accounts: [account, account] }), known)).toBe('accounts[1].id 10 appears twice');
    const foreignBank = doc();
    (foreignBank.connections as any)[0].provider_id = '1234';
    expect(checkExportDocument(foreignBank, known)).toMatch(/^connections\[0\]\.provider_id names "1234"/);
  });

  it('says in words what a foreign file, another format and a newer version are', () => {
    expect(checkExportDocument([1, 2], known)).toMatch(/not a Coffer export/);
    expect(checkExportDocument({ budget: {} }, known)).toMatch(/not a Coffer export/);
    expect(checkExportDocument(doc({ version: 2 }), known)).toMatch(/newer version of Coffer \(format version 2; this one reads up to 1\)/);
    expect(checkExportDocument(doc({ version: '1' }), known)).toBe('version must be a whole number from 1');
  });
});

describe('records', () => {
  it('JSON kept as text travels as JSON and back', () => {
    const row = { ...tx(), remittance_information: '["a","b"]', tags: '["work"]' } as Record<string, string | number | null>;
    const record = exportRecord(row, TRANSACTION_FIELDS);
    expect(record.remittance_information).toEqual(['a', 'b']);
    expect(record.tags).toEqual(['work']);
    expect(storedRow(record, TRANSACTION_FIELDS)).toEqual(row);
  });

  it('an imported channel in use needs its credentials again; unused and closed ones stay', () => {
    expect(importedChannelStatus('SUCCESS')).toBe('NEEDS_SECRET');
    expect(importedChannelStatus('AUTH_FAILED')).toBe('NEEDS_SECRET');
    expect(importedChannelStatus('EMPTY')).toBe('EMPTY');
    expect(importedChannelStatus('CLOSED')).toBe('CLOSED');
  });
});
