import { detectDecimalSeparator, parseLooseAmount } from './amount';
import { numericDateToUtc, resolveDateOrder, splitNumericDate, type DatedLocation } from './date-order';
import { makeTransaction } from './make-transaction';
import type { ParseContext } from './parse-context';
import { qifTransactionType } from './transaction-type';
import type { AccountType, ParsedAccount } from './types';

/**
 * Quicken Interchange Format: `!Type:Bank` / `!Type:CCard` (and Cash, Oth A, Oth L) sections of
 * records (D date, T/U amount, P payee, M memo, N number, L category …) each ended by `^`;
 * optional `!Account` blocks naming the accounts. Dates are resolved for the whole file at once.
 */

interface QifRecord {
  line: number;
  fields: Map<string, { value: string; line: number }>;
}

interface QifSection {
  name?: string;
  type: AccountType;
  records: QifRecord[];
}

const TRANSACTION_TYPES: Record<string, AccountType> = {
  BANK: 'CHECKINGS',
  CASH: 'CHECKINGS',
  CCARD: 'CREDIT_CARD',
  'OTH A': 'CHECKINGS',
  'OTH L': 'LOAN',
};

const IGNORED_TYPES = new Set(['CAT', 'CLASS', 'MEMORIZED', 'PRICES', 'SECURITY', 'TEMPLATE', 'BUDGET', 'PAYEE']);
const N_KEYWORDS = /^(?:ATM|DEP|XFER|TXFR|EFT|POS|PRINT|SEND)$/i;

export function parseQif(text: string, ctx: ParseContext): ParsedAccount[] {
  const sections: QifSection[] = [];
  let mode: 'transactions' | 'account' | 'ignored' | null = null;
  let section: QifSection | null = null;
  let accountName: string | undefined;
  let record: QifRecord | null = null;

  let lineNo = 0;
  let start = 0;
  const n = text.length;
  while (start < n) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = n;
    let line = text.slice(start, end);
    start = end + 1;
    lineNo++;
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (line.trim() === '') continue;

    if (line.startsWith('!')) {
      if (record) ctx.fail(`line ${record.line}`, 'record not terminated by ^ before a new section');
      const header = line.slice(1).trim();
      const upper = header.toUpperCase();
      if (upper.startsWith('TYPE:')) {
        const kind = upper.slice(5).trim();
        const type = Object.hasOwn(TRANSACTION_TYPES, kind) ? TRANSACTION_TYPES[kind] : undefined;
        if (type) {
          mode = 'transactions';
          section = { name: accountName, type, records: [] };
          sections.push(section);
        } else if (IGNORED_TYPES.has(kind)) {
          mode = 'ignored';
        } else if (kind === 'INVST') {
          ctx.fail(`line ${lineNo}`, 'investment accounts (!Type:Invst) are not supported');
        } else {
          ctx.fail(`line ${lineNo}`, `unknown QIF section`);
        }
      } else if (upper === 'ACCOUNT') {
        mode = 'account';
      } else if (upper.startsWith('OPTION:') || upper.startsWith('CLEAR:')) {
        // AutoSwitch flags: nothing to do
      } else {
        ctx.fail(`line ${lineNo}`, `unknown QIF header`);
      }
      continue;
    }
    if (mode === null) ctx.fail(`line ${lineNo}`, 'QIF data before any !Type: header');
    if (line.startsWith('^')) {
      if (mode === 'account' && record) {
        const name = record.fields.get('N')?.value.trim();
        if (name) accountName = name;
      } else if (mode === 'transactions' && record && section) {
        section.records.push(record);
      }
      record = null;
      continue;
    }
    const code = line[0];
    record ??= { line: lineNo, fields: new Map() };
    if (code === 'A' && record.fields.has('A')) continue; // further address lines
    if (!record.fields.has(code)) record.fields.set(code, { value: line.slice(1), line: lineNo });
  }
  if (record) ctx.fail(`line ${record.line}`, 'truncated file: the last record is not terminated by ^');
  if (sections.length === 0)
    ctx.fail('line 1', 'no bank or credit card section (!Type:Bank, !Type:CCard) in the QIF file');
  return buildAccounts(sections, ctx);
}

function buildAccounts(sections: QifSection[], ctx: ParseContext): ParsedAccount[] {
  const dates: DatedLocation[] = [];
  const amounts: string[] = [];
  for (const s of sections) {
    for (const r of s.records) {
      const d = r.fields.get('D');
      if (!d) ctx.fail(`line ${r.line}`, 'transaction without date (no D line)');
      const split = splitNumericDate(d.value);
      if (!split) ctx.fail(`line ${d.line}`, `malformed date`);
      dates.push({ date: split, location: `line ${d.line}`, text: d.value.trim() });
      const t = r.fields.get('T') ?? r.fields.get('U');
      if (t) amounts.push(t.value);
    }
  }
  const order = resolveDateOrder(dates, ctx.dateOrder, ctx);
  const decimal = detectDecimalSeparator(amounts);
  const currency = ctx.defaultCurrency;

  let index = 0;
  return sections.map((s, i) => {
    const identifier = sections.length === 1 ? ctx.accountIdentifier : (s.name ?? `${ctx.accountIdentifier}-${i + 1}`);
    const account: ParsedAccount = { identifier, type: s.type, currency, transactions: [] };
    if (s.name) account.name = s.name;
    for (const r of s.records) {
      const dated = dates[index++];
      const date = numericDateToUtc(dated.date, order);
      if (date === null) ctx.fail(dated.location, `malformed or impossible date`);
      const t = r.fields.get('T') ?? r.fields.get('U');
      if (!t || t.value.trim() === '') ctx.fail(`line ${t?.line ?? r.line}`, 'transaction without amount (no T line)');
      const amount = parseLooseAmount(t.value, decimal, currency);
      if (amount === null) ctx.fail(`line ${t.line}`, `malformed amount`);
      const payee = r.fields.get('P')?.value;
      const memo = r.fields.get('M')?.value;
      const number = r.fields.get('N')?.value.trim();
      account.transactions.push(
        makeTransaction({
          date,
          amount,
          texts: [payee, memo],
          labelSource: payee?.trim() ? payee : memo,
          counterparty: payee,
          reference: number && !N_KEYWORDS.test(number) ? number : undefined,
          type: qifTransactionType(number, amount),
          status: 'BOOKED',
          location: `line ${r.line}`,
        }),
      );
    }
    return account;
  });
}
