import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../../src/main/engine/db/database';
import { upsertCatalogue } from '../../../src/main/engine/catalogue/seed';
import { testBankDefinition } from '../../../src/main/engine/connectors/testbank/definition';
import type { ProviderAccount } from '../../../src/main/engine/connectors/types';
import { accountRecord, type AccountRow } from '../../../src/main/engine/services/accounts/record';
import { createAccountStore, type AccountStore } from '../../../src/main/engine/store/accounts';
import { insertConnection } from '../../helpers/fixtures';

let dir: string;
let db: Db;
let connectionId: number;
let accounts: AccountStore;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'coffer-write-'));
  db = openDatabase(join(dir, 'coffer.db'));
  upsertCatalogue(db, [testBankDefinition], []);
  db.prepare("INSERT INTO users (email, password_hash, creation_date) VALUES ('a@example.com', 'x', 1)").run();
  connectionId = insertConnection(db, 1);
  accounts = createAccountStore(db);
});
afterAll(() => {
  closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

const row = (id: number) => db.prepare('SELECT * FROM accounts WHERE id = ?').get(id) as AccountRow;

describe('writing accounts from a connector\'s ProviderAccount', () => {
  const livret: ProviderAccount = {
    reference: 'LIV-1',
    name: 'Livret A Élodie',
    type: 'SAVINGS',
    currency: 'eur',
    usage: 'PERSONAL',
    balance: '10432.07',
    balance_date: 1_700_000_000,
    iban: 'FR76 1234 5678',
    owner: { name: 'Élodie Martin' },
    savings: { type: 'LIVA', savings_type: 'LIQUID', yield_rate: 3, capital_gain: { amount: '120.40', percent: 1.17 }, invested_raw: '10311.67' },
  };

  it('inserts with exact minor units, the search text and the served record', () => {
    const id = accounts.insertProviderAccount({ connectionId, userId: 1, account: livret, status: 'ACTIVE', channelDefinitionId: '900000', now: 1_700_000_500 });
    const r = row(id);
    expect(r.balance).toBe(1043207);
    expect(r.currency).toBe('EUR');
    expect(r.search_text).toContain('livret a elodie');
    expect(r.search_text).toContain('fr7612345678');
    expect(accountRecord(r)).toMatchObject({
      balance: 10432.07,
      owner: { name: 'Élodie Martin' },
      savings: { type: 'LIVA', savings_type: 'LIQUID', yield_rate: 3, capital_gain: { amount: 120.4, percent: 1.17 }, invested_raw: 10311.67 },
      last_channel_definition_id: '900000',
      creation_date: 1_700_000_500,
    });
  });

  it('updates the provider fields and the search text, keeping the user-given name unless told', () => {
    const id = accounts.insertProviderAccount({ connectionId, userId: 1, account: { ...livret, reference: 'LIV-2' }, status: 'ACTIVE', channelDefinitionId: '900000', now: 1 });
    db.prepare("UPDATE accounts SET name = 'My savings' WHERE id = ?").run(id);
    accounts.updateProviderAccountFields(id, { ...livret, reference: 'LIV-2', balance: '-1.5', iban: 'DE89 3704', owner: { name: 'Jean' } });
    let r = row(id);
    expect(r.name).toBe('My savings');
    expect(r.balance).toBe(-150);
    expect(r.search_text).toContain('my savings');
    expect(r.search_text).toContain('de893704');
    expect(r.search_text).not.toContain('elodie');
    accounts.updateProviderAccountFields(id, { ...livret, reference: 'LIV-2' }, false);
    r = row(id);
    expect(r.name).toBe('Livret A Élodie');
    expect(r.search_text).toContain('elodie');
  });

  it('refuses a balance more precise than the currency', () => {
    expect(() =>
      accounts.insertProviderAccount({ connectionId, userId: 1, account: { ...livret, reference: 'LIV-3', balance: '1.001' }, status: 'ACTIVE', channelDefinitionId: undefined, now: 1 }),
    ).toThrow(/decimals/);
  });
});
