import { describe, expect, it } from 'vitest';
import { day, parseSample } from './helpers';

describe('OFX 1 (SGML) — French bank, Windows-1252, decimal comma', () => {
  const result = parseSample('ofx1-bank-fr-cp1252.ofx');

  it('detects the format and the account', () => {
    expect(result.format).toBe('OFX1');
    expect(result.warnings).toEqual([]);
    expect(result.accounts).toHaveLength(1);
    const { transactions, ...account } = result.accounts[0];
    expect(account).toStrictEqual({
      identifier: '00012345678',
      type: 'CHECKINGS',
      currency: 'EUR',
      accountNumber: '00012345678',
      bankId: '30004',
      closingBalance: { amount: '3521.48', date: day('2024-01-31') },
    });
    expect(transactions).toHaveLength(6);
  });

  it('parses every transaction exactly (accents decoded from CP1252)', () => {
    expect(result.accounts[0].transactions).toStrictEqual([
      {
        providerKey: 'FR2024010300001',
        date: day('2024-01-03'),
        valueDate: day('2024-01-02'),
        amount: '-45.90',
        rawText: 'CB CARREFOUR MARKET 02/01 PAIEMENT CB CARREFOUR MARKET PARIS 15',
        label: 'Carrefour Market',
        counterparty: 'CB CARREFOUR MARKET 02/01',
        type: 'DEBIT',
        status: 'BOOKED',
        location: 'line 40',
      },
      {
        providerKey: 'FR2024010500002',
        date: day('2024-01-05'),
        amount: '-78.12',
        rawText: 'PRLV SEPA EDF CLIENTS PARTICULIERS ÉCHÉANCE ÉLECTRICITÉ JANVIER',
        label: 'EDF Clients Particuliers',
        counterparty: 'PRLV SEPA EDF CLIENTS PARTICULIERS',
        type: 'DIRECT_DEBIT',
        status: 'BOOKED',
        location: 'line 49',
      },
      {
        providerKey: 'FR2024011000003',
        date: day('2024-01-10'),
        amount: '2350.00',
        rawText: "VIR SEPA RECU /DE SOCIÉTÉ GÉNÉRALE D'ÉTUDES SALAIRE JANVIER 2024",
        label: "Société Générale d'Études",
        counterparty: "VIR SEPA RECU /DE SOCIÉTÉ GÉNÉRALE D'ÉTUDES",
        type: 'CREDIT',
        status: 'BOOKED',
        location: 'line 57',
      },
      {
        providerKey: 'FR2024011500004',
        date: day('2024-01-15'),
        amount: '-120.00',
        rawText: 'CHEQUE 0001234',
        label: 'Cheque 0001234',
        counterparty: 'CHEQUE 0001234',
        reference: '0001234',
        type: 'CHECK',
        status: 'BOOKED',
        location: 'line 65',
      },
      {
        providerKey: 'FR2024012000005',
        date: day('2024-01-20'),
        amount: '-60.00',
        rawText: 'RETRAIT DAB 20/01 PARIS 11E',
        label: 'Retrait DAB 20/01 Paris 11E',
        counterparty: 'RETRAIT DAB 20/01 PARIS 11E',
        type: 'ATM',
        status: 'BOOKED',
        location: 'line 73',
      },
      {
        providerKey: 'FR2024013100006',
        date: day('2024-01-31'),
        amount: '-8.50',
        rawText: 'FRAIS TENUE DE COMPTE COTISATION CARTE & SERVICES',
        label: 'Frais Tenue de Compte',
        counterparty: 'FRAIS TENUE DE COMPTE',
        type: 'BANK_FEE',
        status: 'BOOKED',
        location: 'line 80',
      },
    ]);
  });
});

describe('OFX 2 (XML) — US savings account', () => {
  const result = parseSample('ofx2-bank-us.ofx');

  it('detects the format and the account', () => {
    expect(result.format).toBe('OFX2');
    const { transactions, ...account } = result.accounts[0];
    expect(account).toStrictEqual({
      identifier: '4417239081',
      type: 'SAVINGS',
      currency: 'USD',
      accountNumber: '4417239081',
      bankId: '121000248',
      closingBalance: { amount: '12875.40', date: day('2024-02-29') },
    });
    expect(transactions).toHaveLength(7);
  });

  it('parses booked and pending transactions exactly', () => {
    expect(result.accounts[0].transactions).toStrictEqual([
      {
        providerKey: '202402010001',
        date: day('2024-02-01'),
        amount: '2150.00',
        rawText: 'ACME CORP PAYROLL DIRECT DEP PPD ID 9876543210',
        label: 'Acme Corp Payroll',
        counterparty: 'ACME CORP PAYROLL',
        type: 'DIRECT_DEPOSIT',
        status: 'BOOKED',
        location: 'line 26',
      },
      {
        providerKey: '202402050002',
        date: day('2024-02-05'),
        valueDate: day('2024-02-03'),
        amount: '-84.17',
        rawText: 'WHOLE FOODS MARKET #10234 POS PURCHASE AUSTIN TX',
        label: 'Whole Foods Market #10234',
        counterparty: 'WHOLE FOODS MARKET #10234',
        type: 'POINT_OF_SALE',
        status: 'BOOKED',
        location: 'line 34',
      },
      {
        providerKey: '202402120003',
        date: day('2024-02-12'),
        amount: '-500.00',
        rawText: 'Online Transfer to CHK ...1234',
        label: 'Online Transfer to CHK ...1234',
        counterparty: 'Online Transfer to CHK ...1234',
        type: 'INTERNAL_TRANSFER',
        status: 'BOOKED',
        location: 'line 43',
      },
      {
        providerKey: '202402150004',
        date: day('2024-02-15'),
        amount: '-89.99',
        rawText: 'AT&T MOBILITY BILL PAY <AUTO>',
        label: 'AT&T Mobility',
        counterparty: 'AT&T MOBILITY',
        type: 'ELECTRONIC_PAYMENT',
        status: 'BOOKED',
        location: 'line 51',
      },
      {
        providerKey: '202402200005',
        date: day('2024-02-20'),
        amount: '-250.00',
        rawText: 'CHECK 1042',
        label: 'Check 1042',
        counterparty: 'CHECK 1042',
        reference: '1042',
        type: 'CHECK',
        status: 'BOOKED',
        location: 'line 65',
      },
      {
        providerKey: '202402290006',
        date: day('2024-02-29'),
        amount: '1.27',
        rawText: 'INTEREST PAYMENT',
        label: 'Interest Payment',
        counterparty: 'INTEREST PAYMENT',
        type: 'INTEREST',
        status: 'BOOKED',
        location: 'line 73',
      },
      {
        date: day('2024-02-29'),
        amount: '-23.45',
        rawText: 'SHELL OIL 57442',
        label: 'Shell Oil 57442',
        counterparty: 'SHELL OIL 57442',
        type: 'POINT_OF_SALE',
        status: 'PENDING',
        location: 'line 91',
      },
    ]);
  });
});

describe('QFX — credit card with Intuit tags', () => {
  const result = parseSample('qfx-creditcard-us.qfx');

  it('reports QFX and a credit card account', () => {
    expect(result.format).toBe('QFX');
    const { transactions, ...account } = result.accounts[0];
    expect(account).toStrictEqual({
      identifier: '4111111111111111',
      type: 'CREDIT_CARD',
      currency: 'USD',
      accountNumber: '4111111111111111',
      closingBalance: { amount: '-1534.62', date: day('2024-02-29') },
    });
    expect(transactions).toHaveLength(5);
  });

  it('parses every transaction exactly', () => {
    expect(
      result.accounts[0].transactions.map((t) => [
        t.date,
        t.amount,
        t.providerKey,
        t.label,
        t.type,
        t.rawText,
        t.location,
      ]),
    ).toStrictEqual([
      [
        day('2024-02-02'),
        '-42.18',
        '2024020224692164032100001',
        'Amazon Mktplace PMTS',
        'DEBIT',
        'AMAZON MKTPLACE PMTS AMZN.COM/BILL WA',
        'line 44',
      ],
      [
        day('2024-02-06'),
        '-5.75',
        '2024020624692164032100002',
        'Starbucks Store 10432',
        'DEBIT',
        'STARBUCKS STORE 10432 SEATTLE WA',
        'line 52',
      ],
      [
        day('2024-02-10'),
        '19.99',
        '2024021024692164032100003',
        'Amazon Mktplace PMTS',
        'CREDIT',
        'AMAZON MKTPLACE PMTS RETURN',
        'line 61',
      ],
      [
        day('2024-02-15'),
        '1200.00',
        '2024021524692164032100004',
        'Payment - Thank You',
        'CREDIT_CARD_PAYMENT',
        'PAYMENT - THANK YOU',
        'line 69',
      ],
      [day('2024-02-28'), '-39.00', '2024022824692164032100005', 'Late Fee', 'BANK_FEE', 'LATE FEE', 'line 76'],
    ]);
    expect(result.accounts[0].transactions.every((t) => t.status === 'BOOKED')).toBe(true);
  });
});

describe('overlapping OFX files (for the engine dedup)', () => {
  const janFeb = parseSample('ofx-overlap-2024-01-02.ofx').accounts[0];
  const febMar = parseSample('ofx-overlap-2024-02-03.ofx').accounts[0];

  it('are the same account', () => {
    expect(janFeb.identifier).toBe('00098765432');
    expect(febMar.identifier).toBe('00098765432');
    expect(janFeb.closingBalance).toStrictEqual({ amount: '5425.98', date: day('2024-02-28') });
    expect(febMar.closingBalance).toStrictEqual({ amount: '5425.98', date: day('2024-03-28') });
  });

  it('share exactly the February transactions (same FITID, date, amount)', () => {
    const key = (t: { providerKey?: string; date: number; amount: string }) => `${t.providerKey}|${t.date}|${t.amount}`;
    const first = janFeb.transactions.map(key);
    const second = febMar.transactions.map(key);
    expect(first).toHaveLength(8);
    expect(second).toHaveLength(8);
    const shared = first.filter((k) => second.includes(k));
    expect(shared).toStrictEqual([
      `OVL20240203|${day('2024-02-03')}|-45.90`,
      `OVL20240210|${day('2024-02-10')}|2350.00`,
      `OVL20240217|${day('2024-02-17')}|-78.12`,
      `OVL20240224|${day('2024-02-24')}|-12.99`,
    ]);
    expect(janFeb.transactions.map((t) => t.label)).toStrictEqual([
      'Carrefour Market',
      'Acme SAS',
      'EDF',
      'Netflix.com',
      'Carrefour Market',
      'Acme SAS',
      'EDF',
      'Netflix.com',
    ]);
  });
});
