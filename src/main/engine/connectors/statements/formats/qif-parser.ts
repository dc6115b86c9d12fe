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
 *
 * Lenient where exporters differ: `#` comment lines, investment (`!Type:Invst`) sections beside bank
 * ones (left out with a warning), a record whose `^` is missing before the next section or at the end of
 * the file. A record that cannot be read (no date or amount, a malformed one) is left out with a warning
 * naming its line; the other records import.
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
  let investmentLine = 0;
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
    if (line.trim() === '' || line.startsWith('#')) continue;

    if (line.startsWith('!')) {
      if (record) {
        ctx.warn(`line ${record.line}`, 'record not terminated by ^ before a new section, read as complete');
        if (mode === 'transactions' && section) section.records.push(record);
        record = null;
      }
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
          investmentLine ||= lineNo;
          mode = 'ignored';
          ctx.warn(`line ${lineNo}`, 'investment account section (!Type:Invst) left out');
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
  if (record && mode === 'transactions' && section) {
    ctx.warn(`line ${record.line}`, 'the last record is not terminated by ^, read as complete');
    section.records.push(record);
  }
  if (sections.length === 0) {
    if (investmentLine) {
      ctx.fail(
        `line ${investmentLine}`,
        'this is an investment account (!Type:Invst): only bank and credit card transactions can be imported; export the bank or card account instead',
      );
    }
    ctx.fail(
      'line 1',
      'this QIF file holds no bank or credit card transactions (only categories, classes, securities or a list of accounts): export the account’s transactions instead',
    );
  }
  return buildAccounts(sections, ctx);
}

interface DatedRecord {
  record: QifRecord;
  dated: DatedLocation;
  dateLine: number;
}

/** A record that cannot be read is left out, named with its line in a warning and in the rows left out. */
function skipRecord(ctx: ParseContext, line: number, problem: string): void {
  ctx.warn(`line ${line}`, `${problem}: this transaction was not imported`);
  ctx.leaveOutRow(`line ${line}`, problem);
}

/** The records of a section that have a numeric date; the others are reported and left out. */
function datedRecords(s: QifSection, ctx: ParseContext): DatedRecord[] {
  const out: DatedRecord[] = [];
  for (const record of s.records) {
    const d = record.fields.get('D');
    if (!d || d.value.trim() === '') {
      skipRecord(ctx, record.line, 'transaction without date (no D line)');
      continue;
    }
    const split = splitNumericDate(d.value);
    if (!split) skipRecord(ctx, d.line, 'malformed date');
    else
      out.push({ record, dateLine: d.line, dated: { date: split, location: `line ${d.line}`, text: d.value.trim() } });
  }
  return out;
}

function buildAccounts(sections: QifSection[], ctx: ParseContext): ParsedAccount[] {
  const perSection = sections.map((s) => datedRecords(s, ctx));
  const all = perSection.flat();
  const order = resolveDateOrder(
    all.map((r) => r.dated),
    ctx.dateOrder,
    ctx,
  );
  const decimal = detectDecimalSeparator(
    all.map((r) => (r.record.fields.get('T') ?? r.record.fields.get('U'))?.value ?? ''),
  );
  const currency = ctx.defaultCurrency;

  return sections.map((s, i) => {
    const identifier = sections.length === 1 ? ctx.accountIdentifier : (s.name ?? `${ctx.accountIdentifier}-${i + 1}`);
    const account: ParsedAccount = { identifier, type: s.type, currency, transactions: [] };
    if (s.name) account.name = s.name;
    for (const { record: r, dated, dateLine } of perSection[i]) {
      const date = numericDateToUtc(dated.date, order);
      if (date === null) {
        // a date that exists in the other day/month order says the chosen order is wrong, not the row
        if (numericDateToUtc(dated.date, order === 'DMY' ? 'MDY' : 'DMY') !== null)
          ctx.fail(dated.location, 'malformed or impossible date');
        skipRecord(ctx, dateLine, 'malformed or impossible date');
        continue;
      }
      const t = r.fields.get('T') ?? r.fields.get('U');
      if (!t || t.value.trim() === '') {
        skipRecord(ctx, t?.line ?? r.line, 'transaction without amount (no T line)');
        continue;
      }
      const amount = parseLooseAmount(t.value, decimal, currency);
      if (amount === null) {
        skipRecord(ctx, t.line, 'malformed amount');
        continue;
      }
      const payee = r.fields.get('P')?.value;
      const memo = r.fields.get('M')?.value;
      const number = r.fields.get('N')?.value.trim();
      account.transactions.push(
        makeTransaction(
          {
            date,
            amount,
            texts: [payee, memo],
            labelSource: payee?.trim() ? payee : memo,
            counterparty: payee,
            reference: number && !N_KEYWORDS.test(number) ? number : undefined,
            type: qifTransactionType(number, amount),
            status: 'BOOKED',
            location: `line ${r.line}`,
          },
          ctx.labels,
        ),
      );
    }
    return account;
  });
}
