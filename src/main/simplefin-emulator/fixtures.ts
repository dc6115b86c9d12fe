/**
 * Deterministic data of the SimpleFIN emulator: a person's institutions, accounts and transactions, built
 * from day numbers so that the same day always gives the same rows (ids included) whatever the time of
 * the request. Two institutions by default: First Test Bank (checking, savings) and Test Card Co (a card).
 */
export const DAY = 86_400;

export interface EmuTransaction {
  id: string;
  posted: number;
  amount: string;
  description: string;
  payee?: string;
  memo?: string;
  transacted_at?: number;
  pending?: boolean;
}

export interface EmuAccount {
  id: string;
  name: string;
  connId: string;
  currency: string;
  balance: string;
  availableBalance?: string;
  transactions: EmuTransaction[];
}

export interface EmuInstitution {
  connId: string;
  name: string;
  orgId: string;
  orgUrl: string;
  domain: string;
}

export interface EmuData {
  institutions: EmuInstitution[];
  accounts: EmuAccount[];
}

const cents = (n: number) => (n < 0 ? '-' : '') + (Math.abs(n) / 100).toFixed(2);

/** 400 days of history ending `today` (a day number), for one person. */
export function standardData(today: number): EmuData {
  const institutions: EmuInstitution[] = [
    { connId: 'CON-7f3a', name: 'First Test Bank', orgId: 'INST-001', orgUrl: 'https://ftb.example', domain: 'ftb.example' },
    { connId: 'CON-91bc', name: 'Test Card Co', orgId: 'INST-002', orgUrl: 'https://tcc.example', domain: 'tcc.example' },
  ];
  const checking: EmuTransaction[] = [];
  const savings: EmuTransaction[] = [];
  const card: EmuTransaction[] = [];
  for (let day = today - 400; day <= today; day++) {
    const t = day * DAY + 12 * 3600;
    if (day % 14 === 0) checking.push({ id: `TRN-c-${day}-pay`, posted: t, amount: '2500.00', description: 'PAYROLL ACME CORP', payee: 'Acme Corp', transacted_at: t });
    if (day % 30 === 3) checking.push({ id: `TRN-c-${day}-rent`, posted: t, amount: '-1450.00', description: 'RENT PAYMENT OAK PROPERTIES', payee: 'Oak Properties', transacted_at: t });
    if (day % 3 === 0) card.push({ id: `TRN-v-${day}-cof`, posted: t, amount: cents(-(350 + (day % 7) * 25)), description: `SQ *BLUE BOTTLE   #${100 + (day % 9)}`, payee: 'Blue Bottle', transacted_at: t - 3600 });
    if (day % 7 === 2) card.push({ id: `TRN-v-${day}-groc`, posted: t, amount: cents(-(6000 + (day % 11) * 137)), description: 'WHOLE FOODS MARKET', payee: 'Whole Foods', transacted_at: t - 7200 });
    if (day % 30 === 1) savings.push({ id: `TRN-s-${day}-int`, posted: t, amount: '3.12', description: 'INTEREST PAYMENT', transacted_at: t });
  }
  return {
    institutions,
    accounts: [
      { id: 'ACT-ftb-checking', name: 'FTB Checking', connId: 'CON-7f3a', currency: 'USD', balance: '2417.09', availableBalance: '2392.09', transactions: checking },
      { id: 'ACT-ftb-savings', name: 'FTB Savings', connId: 'CON-7f3a', currency: 'USD', balance: '10250.00', transactions: savings },
      { id: 'ACT-tcc-visa', name: 'TCC Visa Card', connId: 'CON-91bc', currency: 'USD', balance: '-512.40', transactions: card },
    ],
  };
}

/**
 * Amounts written with more decimals than their currency has, as real bridges send them (interest and
 * brokerage cash in fractions of a cent; yen written with decimals): 0.125 USD on the checking account,
 * an amount too large to be money on it too, a card balance of -123.456, and a yen account.
 */
export function subUnitAmounts(data: EmuData, today: number): void {
  const t = (today - 1) * DAY + 10 * 3600;
  const [checking, , card] = data.accounts;
  checking.transactions.push(
    { id: 'TRN-sub-1', posted: t, amount: '0.125', description: 'INTEREST ADJUSTMENT', transacted_at: t },
    { id: 'TRN-sub-2', posted: t, amount: '99999999999999999999.00', description: 'NOT AN AMOUNT', transacted_at: t },
  );
  card.balance = '-123.456';
  data.accounts.push({
    id: 'ACT-ftb-yen',
    name: 'FTB Yen Wallet',
    connId: 'CON-7f3a',
    currency: 'JPY',
    balance: '15000.00',
    transactions: [
      { id: 'TRN-yen-1', posted: t, amount: '-1200.00', description: 'TOKYO METRO', transacted_at: t },
      { id: 'TRN-yen-2', posted: t, amount: '-350.5', description: 'KONBINI', transacted_at: t },
      { id: 'TRN-yen-3', posted: t, amount: '-351.5', description: 'KONBINI', transacted_at: t },
    ],
  });
}

/** The large payload of the benchmark: `accounts` accounts × `tx` transactions over the last 365 days. */
export function hugeData(today: number, accounts = 50, tx = 900): EmuData {
  const institutions: EmuInstitution[] = [];
  const out: EmuAccount[] = [];
  for (let i = 0; i < 5; i++) {
    institutions.push({ connId: `CON-h${i}`, name: `Huge Bank ${i + 1}`, orgId: `INST-h${i}`, orgUrl: `https://h${i}.example`, domain: `h${i}.example` });
  }
  for (let a = 0; a < accounts; a++) {
    const transactions: EmuTransaction[] = [];
    for (let k = 0; k < tx; k++) {
      const day = today - 364 + Math.floor((k * 364) / tx);
      const t = day * DAY + ((k * 977) % DAY);
      const amount = ((k * 7919 + a * 104729) % 20000) - 15000;
      transactions.push({
        id: `TRN-h${a}-${k}`,
        posted: t,
        amount: cents(amount === 0 ? -1 : amount),
        description: `MERCHANT ${(k * 31 + a) % 400} STORE #${k % 50}`,
        payee: `Merchant ${(k * 31 + a) % 400}`,
        transacted_at: t,
      });
    }
    out.push({
      id: `ACT-h${a}`,
      name: a % 10 === 9 ? `Huge Card ${a}` : a % 10 === 8 ? `Huge Savings ${a}` : `Huge Checking ${a}`,
      connId: `CON-h${a % 5}`,
      currency: 'USD',
      balance: cents(100000 + a * 1234),
      transactions,
    });
  }
  return { institutions, accounts: out };
}
