/**
 * Each statement format imports its sample files (resources/samples/statements) through a real
 * "Statement files" connection: the exact accounts, balances and transactions, read back over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { accountsOf, getJson, newCaller, transactionsOf, type Caller } from '../sync/sync-helpers';
import {
  brief,
  byDateAmount,
  channelOf,
  connectFolder,
  documents,
  folderWith,
  hasKeychain,
  utc,
} from './documents-helpers';

type Row = [date: number, amount: number, label: string, notes: string, type: string, status: string];

const rows = (txs: any[]): Row[] =>
  txs
    .map(brief)
    .sort(byDateAmount)
    .map((t) => [t.date, t.amount, t.label, t.notes, t.type, t.status]);

async function importOne(c: Caller, file: string) {
  const { id, connection } = await connectFolder(c, folderWith(file));
  expect(connection.status).toBe('SUCCESS');
  expect(channelOf(connection).status).toBe('SUCCESS');
  const files = await documents(c, id);
  expect(files).toEqual([
    expect.objectContaining({
      name: file,
      source: 'FOLDER',
      file_name: file,
      status: 'IMPORTED',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    }),
  ]);
  const accounts = await accountsOf(c, id);
  const txs = new Map<string, any[]>();
  for (const a of accounts) txs.set(a.reference, await transactionsOf(c, a.id));
  return { id, accounts, txs, files };
}

describe.skipIf(!hasKeychain)('statement formats through a folder connection', () => {
  let engine: TestEngine;
  let c: Caller;
  beforeAll(async () => {
    engine = await startTestEngine();
    c = newCaller(engine);
  });
  afterAll(async () => engine?.stop());

  it('the catalogue lists "Statement files" (DOCUMENT, one EMBEDDED channel with a folder credential)', async () => {
    const provider = await getJson(c, '/providers/9500');
    expect(provider).toMatchObject({ id: '9500', name: 'Statement files', country_code: 'FRA' });
    expect(provider.channel_definitions).toEqual([
      expect.objectContaining({
        id: '950000',
        mode: 'EMBEDDED',
        account_types: ['CHECKINGS', 'SAVINGS', 'LOAN', 'CREDIT_CARD'],
        credentials: [expect.objectContaining({ id: 'folder', type: 'TEXT', encrypt: false })],
      }),
    ]);
    const documentsOnly = await getJson(c, '/providers?type=DOCUMENT&pagination=false');
    expect(documentsOnly.map((p: any) => p.id)).toContain('9500');
    const relative = await c.engine.http('/v2/connections', {
      method: 'POST',
      token: c.token,
      json: { provider_id: '9500', credentials: [{ id: 'folder', value: 'statements/2024' }] },
    });
    expect(relative.status).toBe(400);
  });

  it('OFX 1 (SGML, Windows-1252, decimal commas): account, ledger balance, six transactions with record fields', async () => {
    const { txs, accounts, files } = await importOne(c, 'ofx1-bank-fr-cp1252.ofx');
    expect(files[0]).toMatchObject({ format: 'OFX1', transactions: 6 });
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      reference: '00012345678',
      name: 'Checking account …5678',
      type: 'CHECKINGS',
      currency: 'EUR',
      balance: 3521.48,
      balance_date: utc(2024, 1, 31),
      account_number: '00012345678',
      status: 'ACTIVE',
      last_channel_definition_id: '950000',
    });
    const list = txs.get('00012345678')!;
    expect(rows(list)).toEqual([
      [
        utc(2024, 1, 3),
        -45.9,
        'Carrefour Market',
        'CB CARREFOUR MARKET 02/01 PAIEMENT CB CARREFOUR MARKET PARIS 15',
        'DEBIT',
        'BOOKED',
      ],
      [
        utc(2024, 1, 5),
        -78.12,
        'EDF Clients Particuliers',
        'PRLV SEPA EDF CLIENTS PARTICULIERS ÉCHÉANCE ÉLECTRICITÉ JANVIER',
        'DIRECT_DEBIT',
        'BOOKED',
      ],
      [
        utc(2024, 1, 10),
        2350,
        "Société Générale d'Études",
        "VIR SEPA RECU /DE SOCIÉTÉ GÉNÉRALE D'ÉTUDES SALAIRE JANVIER 2024",
        'CREDIT',
        'BOOKED',
      ],
      [utc(2024, 1, 15), -120, 'Cheque 0001234', 'CHEQUE 0001234', 'CHECK', 'BOOKED'],
      [utc(2024, 1, 20), -60, 'Retrait DAB 20/01 Paris 11E', 'RETRAIT DAB 20/01 PARIS 11E', 'ATM', 'BOOKED'],
      [
        utc(2024, 1, 31),
        -8.5,
        'Frais Tenue de Compte',
        'FRAIS TENUE DE COMPTE COTISATION CARTE & SERVICES',
        'BANK_FEE',
        'BOOKED',
      ],
    ]);
    const carrefour = list.find((t) => t.amount === -45.9);
    expect(carrefour).toMatchObject({
      currency: 'EUR',
      booking_date: utc(2024, 1, 3),
      value_date: utc(2024, 1, 2),
      source: { label: 'CB CARREFOUR MARKET 02/01' },
      origin: 'TRANSACTION',
      category_id: 'SUPERMARKET',
      import_date: expect.any(Number),
      last_update_date: expect.any(Number),
    });
    expect(list.find((t) => t.type === 'ATM').category_id).toBe('ATM_WITHDRAWAL');
    expect(list.find((t) => t.type === 'BANK_FEE').category_id).toBe('BANK_FEES');
  });

  it('OFX 2 (XML): a SAVINGS account in USD, a PENDING transaction (STMTTRNP)', async () => {
    const { txs, accounts } = await importOne(c, 'ofx2-bank-us.ofx');
    expect(accounts[0]).toMatchObject({
      reference: '4417239081',
      type: 'SAVINGS',
      currency: 'USD',
      balance: 12875.4,
      balance_date: utc(2024, 2, 29),
    });
    const list = txs.get('4417239081')!;
    expect(rows(list)).toEqual([
      [
        utc(2024, 2, 1),
        2150,
        'Acme Corp Payroll',
        'ACME CORP PAYROLL DIRECT DEP PPD ID 9876543210',
        'DIRECT_DEPOSIT',
        'BOOKED',
      ],
      [
        utc(2024, 2, 5),
        -84.17,
        'Whole Foods Market #10234',
        'WHOLE FOODS MARKET #10234 POS PURCHASE AUSTIN TX',
        'POINT_OF_SALE',
        'BOOKED',
      ],
      [
        utc(2024, 2, 12),
        -500,
        'Online Transfer to CHK ...1234',
        'Online Transfer to CHK ...1234',
        'INTERNAL_TRANSFER',
        'BOOKED',
      ],
      [utc(2024, 2, 15), -89.99, 'AT&T Mobility', 'AT&T MOBILITY BILL PAY <AUTO>', 'ELECTRONIC_PAYMENT', 'BOOKED'],
      [utc(2024, 2, 20), -250, 'Check 1042', 'CHECK 1042', 'CHECK', 'BOOKED'],
      [utc(2024, 2, 29), -23.45, 'Shell Oil 57442', 'SHELL OIL 57442', 'POINT_OF_SALE', 'PENDING'],
      [utc(2024, 2, 29), 1.27, 'Interest Payment', 'INTEREST PAYMENT', 'INTEREST', 'BOOKED'],
    ]);
    expect(list.find((t) => t.status === 'PENDING').booking_date).toBeUndefined();
    // Only BOOKED rows by default (docs/api/lists.md#filters).
    const booked = await getJson(c, `/transactions?account_id=${accounts[0].id}&limit=500`);
    expect(booked).toHaveLength(6);
  });

  it('QFX: a CREDIT_CARD account with its negative balance', async () => {
    const { txs, accounts } = await importOne(c, 'qfx-creditcard-us.qfx');
    expect(accounts[0]).toMatchObject({
      reference: '4111111111111111',
      name: 'Credit card …1111',
      type: 'CREDIT_CARD',
      currency: 'USD',
      balance: -1534.62,
      balance_date: utc(2024, 2, 29),
    });
    expect(rows(txs.get('4111111111111111')!)).toEqual([
      [utc(2024, 2, 2), -42.18, 'Amazon Mktplace PMTS', 'AMAZON MKTPLACE PMTS AMZN.COM/BILL WA', 'DEBIT', 'BOOKED'],
      [utc(2024, 2, 6), -5.75, 'Starbucks Store 10432', 'STARBUCKS STORE 10432 SEATTLE WA', 'DEBIT', 'BOOKED'],
      [utc(2024, 2, 10), 19.99, 'Amazon Mktplace PMTS', 'AMAZON MKTPLACE PMTS RETURN', 'CREDIT', 'BOOKED'],
      [utc(2024, 2, 15), 1200, 'Payment - Thank You', 'PAYMENT - THANK YOU', 'CREDIT_CARD_PAYMENT', 'BOOKED'],
      [utc(2024, 2, 28), -39, 'Late Fee', 'LATE FEE', 'BANK_FEE', 'BOOKED'],
    ]);
  });

  it('QIF (bank, day first; credit card, US dates): one account per type, balance = sum of the rows', async () => {
    const bank = await importOne(c, 'qif-bank-fr-dmy.qif');
    expect(bank.accounts[0]).toMatchObject({
      reference: 'default|CHECKINGS|EUR',
      name: 'Checking account',
      type: 'CHECKINGS',
      currency: 'EUR',
      balance: 975.6,
      balance_date: utc(2024, 1, 31),
    });
    expect(rows(bank.txs.get('default|CHECKINGS|EUR')!)).toEqual([
      [utc(2024, 1, 2), -45.9, 'Carrefour Market', 'CARREFOUR MARKET CB CARREFOUR MARKET 02/01', 'DEBIT', 'BOOKED'],
      [utc(2024, 1, 5), -120, 'M. Dupont Jean', 'M. DUPONT JEAN Loyer garage', 'CHECK', 'BOOKED'],
      [
        utc(2024, 1, 15),
        2350,
        "Société Générale d'Études",
        "SOCIÉTÉ GÉNÉRALE D'ÉTUDES Salaire janvier 2024",
        'CREDIT',
        'BOOKED',
      ],
      [utc(2024, 1, 31), -1208.5, 'Frais & Cotisations <Carte>', 'FRAIS & COTISATIONS <CARTE>', 'DEBIT', 'BOOKED'],
    ]);
    const card = await importOne(c, 'qif-ccard-us.qif');
    expect(card.accounts[0]).toMatchObject({
      reference: 'default|CREDIT_CARD|EUR',
      type: 'CREDIT_CARD',
      balance: -115.74,
      balance_date: utc(2024, 2, 29),
    });
    expect(rows(card.txs.get('default|CREDIT_CARD|EUR')!)).toEqual([
      [utc(2024, 2, 3), -42.18, 'Amazon Mktplace PMTS', 'AMAZON MKTPLACE PMTS', 'DEBIT', 'BOOKED'],
      [utc(2024, 2, 14), -1234.56, 'Delta Air Lines', 'DELTA AIR LINES ATL-CDG', 'DEBIT', 'BOOKED'],
      [utc(2024, 2, 20), 1200, 'Payment - Thank You', 'PAYMENT - THANK YOU', 'CREDIT', 'BOOKED'],
      [utc(2024, 2, 29), -39, 'Late Fee', 'LATE FEE', 'DEBIT', 'BOOKED'],
    ]);
  });

  it('CSV (French: semicolons, Windows-1252, preamble lines; US: debit/credit columns)', async () => {
    const fr = await importOne(c, 'csv-fr-semicolon-cp1252.csv');
    expect(fr.accounts[0]).toMatchObject({
      reference: 'default|CHECKINGS|EUR',
      currency: 'EUR',
      balance: 1097.48,
      balance_date: utc(2024, 1, 31),
    });
    const frRows = fr.txs.get('default|CHECKINGS|EUR')!;
    expect(rows(frRows)).toEqual([
      [utc(2024, 1, 2), -45.9, 'Carrefour Market', 'CB CARREFOUR MARKET 02/01', 'DEBIT', 'BOOKED'],
      [utc(2024, 1, 5), -78.12, 'EDF Clients Particuliers', 'PRLV SEPA EDF CLIENTS PARTICULIERS', 'DEBIT', 'BOOKED'],
      [
        utc(2024, 1, 10),
        2350,
        "Société Générale d'Études",
        "VIR SEPA RECU /DE SOCIÉTÉ GÉNÉRALE D'ÉTUDES",
        'CREDIT',
        'BOOKED',
      ],
      [utc(2024, 1, 15), -1120, 'Cheque N° 0001234; Loyer', 'CHEQUE N° 0001234; LOYER', 'DEBIT', 'BOOKED'],
      [
        utc(2024, 1, 31),
        -8.5,
        'Frais Tenue de Compte – Forfait 8,50 €',
        'FRAIS TENUE DE COMPTE – FORFAIT 8,50 €',
        'DEBIT',
        'BOOKED',
      ],
    ]);
    expect(frRows.find((t) => t.amount === -1120)).toMatchObject({ value_date: utc(2024, 1, 16), category_id: 'RENT' });
    const us = await importOne(c, 'csv-us-debit-credit.csv');
    expect(us.accounts[0]).toMatchObject({ balance: 1810.08, balance_date: utc(2024, 2, 14) });
    expect(rows(us.txs.get('default|CHECKINGS|EUR')!)).toEqual([
      [
        utc(2024, 1, 30),
        -84.17,
        'Whole Foods Market #10234, Austin TX',
        'WHOLE FOODS MARKET #10234, AUSTIN TX',
        'DEBIT',
        'BOOKED',
      ],
      [utc(2024, 1, 31), 2150, 'Payroll Acme Corp', 'PAYROLL ACME CORP', 'CREDIT', 'BOOKED'],
      [utc(2024, 2, 1), -250, 'Check 1042', 'CHECK 1042', 'DEBIT', 'BOOKED'],
      [utc(2024, 2, 14), -5.75, 'Starbucks "Reserve" Store', 'Starbucks "Reserve" Store', 'DEBIT', 'BOOKED'],
    ]);
  });

  it('CAMT.053: two accounts from one file (IBAN and other id), closing balances, remittance information', async () => {
    const { txs, accounts } = await importOne(c, 'camt053-fr-2-accounts.xml');
    const byRef = new Map(accounts.map((a: any) => [a.reference, a]));
    expect(byRef.get('FR7630006000011234567890189')).toMatchObject({
      name: 'Compte Chèques Mme Élodie Martin',
      type: 'CHECKINGS',
      iban: 'FR7630006000011234567890189',
      balance: 3725.98,
      balance_date: utc(2024, 1, 31),
    });
    expect(byRef.get('0012345678901')).toMatchObject({
      name: 'Livret A',
      type: 'SAVINGS',
      account_number: '0012345678901',
      balance: 10012.34,
      balance_date: utc(2024, 1, 31),
    });
    const checking = txs.get('FR7630006000011234567890189')!;
    expect(rows(checking)).toEqual([
      [utc(2024, 1, 3), -45.9, 'Carrefour Market', 'CARTE X1234 02/01 CARREFOUR MARKET', 'POINT_OF_SALE', 'BOOKED'],
      [utc(2024, 1, 5), -78.12, 'EDF', 'ECHEANCE ELECTRICITE JANVIER', 'DIRECT_DEBIT', 'BOOKED'],
      [
        utc(2024, 1, 10),
        2350,
        "Société Générale d'Études & Co",
        'VIR SEPA RECU /DE SOCIETE GENERALE D ETUDES SALAIRE JANVIER 2024 REF PAIE 01/2024 <net>',
        'CREDIT',
        'BOOKED',
      ],
      [
        utc(2024, 1, 31),
        -12.3,
        'Boulangerie du Marché',
        'PAIEMENT PAR CARTE X1234 31/01 BOULANGERIE DU MARCHÉ',
        'DEBIT',
        'PENDING',
      ],
    ]);
    expect(checking.find((t) => t.amount === 2350).remittance_information).toEqual([
      'SALAIRE JANVIER 2024',
      'REF PAIE 01/2024 <net>',
    ]);
    expect(rows(txs.get('0012345678901')!)).toEqual([
      [utc(2024, 1, 31), 12.34, 'Interets Crediteurs Janvier', 'INTERETS CREDITEURS JANVIER', 'INTEREST', 'BOOKED'],
    ]);
  });

  it('CAMT.052 (intraday report): booked and pending entries', async () => {
    const { txs, accounts } = await importOne(c, 'camt052-de.xml');
    expect(accounts[0]).toMatchObject({
      reference: 'DE89370400440532013000',
      iban: 'DE89370400440532013000',
      balance: 1049.5,
      balance_date: utc(2024, 1, 15),
    });
    expect(rows(txs.get('DE89370400440532013000')!)).toEqual([
      [
        utc(2024, 1, 15),
        -200.5,
        'Ga NR00001234 BLZ37040044 0 15.01/10.12UHR Koeln HBF',
        'GA NR00001234 BLZ37040044 0 15.01/10.12UHR KOELN HBF',
        'ATM',
        'BOOKED',
      ],
      [utc(2024, 1, 15), 1500, 'Müller & Söhne GmbH', 'Lohn/Gehalt Januar 2024', 'DIRECT_DEPOSIT', 'BOOKED'],
      [utc(2024, 1, 16), -89.9, 'Deutsche Bahn AG', 'Ticket 4711 Köln-Berlin', 'DEBIT', 'PENDING'],
    ]);
  });

  it('MT940 (two statements in one file): the latest closing balance, a balance_history point per statement', async () => {
    const { txs, accounts } = await importOne(c, 'mt940-de-2-statements.sta');
    expect(accounts[0]).toMatchObject({
      reference: '37040044/0532013000',
      account_number: '0532013000',
      balance: 3461.04,
      balance_date: utc(2024, 1, 3),
    });
    expect(rows(txs.get('37040044/0532013000')!)).toEqual([
      [utc(2024, 1, 2), -45.9, 'Carrefour', 'KARTENZAHLUNG CARREFOUR MARKET BERLIN 02.01 CARREFOUR', 'DEBIT', 'BOOKED'],
      [
        utc(2024, 1, 2),
        2350,
        'Acme GMBH & Co. KG',
        'GUTSCHRIFT EREF+E2E-PAY-0001SVWZ+Gehalt Januar 2024 Personalnr. 4711 ACME GMBH & CO. KG',
        'CREDIT',
        'BOOKED',
      ],
      [
        utc(2024, 1, 3),
        -78.12,
        'Lastschrift EDF Strom Januar Vertragskonto 123456 Mandat M-2023-001',
        'Lastschrift EDF Strom Januar Vertragskonto 123456 Mandat M-2023-001 ABBUCHUNG EDF',
        'DIRECT_DEBIT',
        'BOOKED',
      ],
      [utc(2024, 1, 3), 0.5, 'Habenzinsen', 'Habenzinsen', 'INTEREST', 'BOOKED'],
    ]);
    const history = engine.ctx.db
      .prepare('SELECT date, balance FROM balance_history WHERE account_id = ? ORDER BY date')
      .all(Number(accounts[0].id));
    // End of 2 January: the first statement's :62F: (3538.66); end of 3 January: the second's (3461.04).
    expect(history).toEqual([
      { date: utc(2024, 1, 2), balance: 353866 },
      { date: utc(2024, 1, 3), balance: 346104 },
    ]);
  });
});
