import { parseDecimal } from './amount';
import { expandYear, parseYymmdd, utcDay } from './dates';
import { isIban, normalizeIban } from './iban';
import { makeTransaction } from './make-transaction';
import { splitMt940, type Mt940Field, type Mt940Message } from './mt940-fields';
import { parseMt940Info } from './mt940-info';
import type { ParseContext } from './parse-context';
import { swiftTransactionType } from './transaction-type';
import type { Balance, ParsedAccount, ParsedTransaction } from './types';

/**
 * SWIFT MT940 customer statements: :20: :25: :28C: :60F/M: (:61: :86:)* :62F/M: :64:, several
 * statements per file, optionally inside {1:}{2:}{4: … -} envelopes.
 */

interface BalanceField extends Balance {
  currency: string;
}

function parseBalance(field: Mt940Field, ctx: ParseContext): BalanceField {
  const text = field.lines.join('').trim();
  // SWIFT amounts always carry a decimal comma ("1234,56", "100,"): a cut-off amount has none
  const m = /^([CD])(\d{6})([A-Z]{3})(\d+[,.]\d*)$/.exec(text);
  if (!m) ctx.fail(`line ${field.line}`, `malformed balance :${field.tag}:`);
  const date = parseYymmdd(m[2]);
  if (date === null) ctx.fail(`line ${field.line}`, `malformed date in :${field.tag}:`);
  const amount = parseDecimal(m[4], m[3], 'either');
  if (amount === null) ctx.fail(`line ${field.line}`, `malformed amount in :${field.tag}:`);
  return { amount: m[1] === 'D' && !/^[0.]+$/.test(amount) ? `-${amount}` : amount, date, currency: m[3] };
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

function isLetter(c: string | undefined): boolean {
  return c !== undefined && c >= 'A' && c <= 'Z';
}

/**
 * The transaction type after the amount: N, F or S and three characters, which banks pad with spaces
 * ("NIT ", "S   "). Some banks (Zenith) write none and go straight to the `//` bank reference.
 */
function transactionTypeAt(
  s: string,
  pos: number,
  where: string,
  ctx: ParseContext,
): { typeCode: string; next: number } {
  const rest = s.slice(pos);
  if (rest === '' || rest.startsWith('//')) return { typeCode: '', next: pos };
  const typeCode = rest.slice(0, 4);
  if (!/^[NFS][A-Z0-9 ]{3}$/.test(typeCode)) ctx.fail(where, `malformed transaction type in :61:`);
  return { typeCode: typeCode.trim(), next: pos + 4 };
}

interface StatementLine {
  date: number;
  valueDate: number;
  amount: string;
  typeCode: string;
  customerRef?: string;
  bankRef?: string;
  supplementary?: string;
}

/**
 * The :61: subfields and its supplementary lines. Sparkassen break the line after the debit/credit mark
 * (`1811261126CR` then `30,00N062NONREF`): the amount's line is joined back to it.
 */
function statementLineText(field: Mt940Field): { s: string; supplementary: string[] } {
  const first = field.lines[0].trim();
  if (field.lines.length > 1 && /^\d{6}(?:\d{4})?R?[CD][A-Z]?$/.test(first)) {
    return { s: first + field.lines[1].trim(), supplementary: field.lines.slice(2) };
  }
  return { s: first, supplementary: field.lines.slice(1) };
}

function parseStatementLine(field: Mt940Field, currency: string, ctx: ParseContext): StatementLine {
  const where = `line ${field.line}`;
  const { s, supplementary: more } = statementLineText(field);
  const valueText = s.slice(0, 6);
  const valueDate = parseYymmdd(valueText);
  if (valueDate === null) ctx.fail(where, `malformed value date in :61:`);
  let pos = 6;
  let date = valueDate;
  if (/^\d{4}$/.test(s.slice(6, 10))) {
    const valueYear = expandYear(Number(valueText.slice(0, 2)));
    const valueMonth = Number(valueText.slice(2, 4));
    const month = Number(s.slice(6, 8));
    const day = Number(s.slice(8, 10));
    let year = valueYear;
    if (month - valueMonth > 6) year--;
    else if (valueMonth - month > 6) year++;
    const entry = utcDay(year, month, day);
    if (entry === null) ctx.fail(where, `malformed entry date in :61:`);
    date = entry;
    pos = 10;
  }
  let negative: boolean;
  const mark2 = s.slice(pos, pos + 2);
  if (mark2 === 'RC' || mark2 === 'RD' || mark2 === 'EC' || mark2 === 'ED') {
    negative = mark2 === 'RC' || mark2 === 'ED';
    pos += 2;
  } else if (s[pos] === 'C' || s[pos] === 'D') {
    negative = s[pos] === 'D';
    pos += 1;
  } else {
    return ctx.fail(where, `missing debit/credit mark in :61:`);
  }
  if (isLetter(s[pos]) && !isDigit(s[pos])) pos++; // funds code (third letter of the currency code)
  const amountStart = pos;
  while (pos < s.length && (isDigit(s[pos]) || s[pos] === ',' || s[pos] === '.')) pos++;
  const amountText = s.slice(amountStart, pos);
  const unsigned = parseDecimal(amountText, currency, 'either');
  // SWIFT writes the decimal comma even for whole amounts ("500,"), some banks (Knab) leave it out:
  // the transaction type that follows ends the amount all the same.
  if (unsigned === null || !/^\d+(?:[,.]\d*)?$/.test(amountText)) {
    return ctx.fail(where, `malformed amount in :61:`);
  }
  const { typeCode, next } = transactionTypeAt(s, pos, where, ctx);
  const refs = s.slice(next);
  const slashes = refs.indexOf('//');
  const customerRef = (slashes < 0 ? refs : refs.slice(0, slashes)).trim();
  const bankRef = slashes < 0 ? '' : refs.slice(slashes + 2).trim();
  const supplementary = more.join(' ').trim();
  const line: StatementLine = {
    date,
    valueDate,
    amount: negative && !/^[0.]+$/.test(unsigned) ? `-${unsigned}` : unsigned,
    typeCode,
  };
  if (customerRef && customerRef.toUpperCase() !== 'NONREF') line.customerRef = customerRef;
  if (bankRef && bankRef.toUpperCase() !== 'NONREF') line.bankRef = bankRef;
  if (supplementary) line.supplementary = supplementary;
  return line;
}

function accountFromField(field: Mt940Field, currency: string): ParsedAccount {
  const identifier = field.lines.join('').trim();
  const account: ParsedAccount = { identifier, type: 'CHECKINGS', currency, transactions: [] };
  const slash = identifier.indexOf('/');
  const number = slash < 0 ? identifier : identifier.slice(slash + 1).trim();
  const bank = slash < 0 ? undefined : identifier.slice(0, slash).trim();
  if (isIban(number)) account.iban = normalizeIban(number);
  account.accountNumber = number;
  if (bank) account.bankId = bank;
  return account;
}

/**
 * The currency of a statement without balances (MT942): its floor limit :34F: starts with it ("PLN0");
 * else the option `defaultCurrency`.
 */
function currencyOfStatementLines(message: Mt940Message, ctx: ParseContext): string {
  const floor = message.fields.find((f) => f.tag === '34F');
  const m = floor ? /^([A-Z]{3})/.exec(floor.lines.join('').trim()) : null;
  return m ? m[1] : ctx.defaultCurrency;
}

/**
 * The statement's balances. A file cut inside its SWIFT envelope is refused (rows after the cut are
 * missing). Otherwise a statement without a closing balance (an MT942 interim report, a bank that leaves
 * :62F: out) or ending the file on an intermediate :62M: (Knab) is read with a warning: its rows are all
 * there, only the balance after them is not given.
 */
function messageBalances(message: Mt940Message, last: boolean, truncated: boolean, ctx: ParseContext) {
  const fields = message.fields;
  const openingField = fields.find((f) => f.tag === '60F') ?? fields.find((f) => f.tag === '60M');
  const closingField = fields.find((f) => f.tag === '62F') ?? fields.find((f) => f.tag === '62M');
  if (!closingField) {
    if (truncated && last) {
      ctx.fail(`line ${message.line}`, 'truncated or incomplete statement: no closing balance :62F:');
    }
    ctx.warn(`line ${message.line}`, 'statement without closing balance :62F: (its rows are read)');
  } else if (last && closingField.tag !== '62F') {
    ctx.warn(
      `line ${closingField.line}`,
      'the last statement ends with an intermediate balance :62M: instead of :62F:; the file may be cut short',
    );
  }
  const opening = openingField ? parseBalance(openingField, ctx) : undefined;
  const closing = closingField ? parseBalance(closingField, ctx) : undefined;
  if (opening && closing && closing.currency !== opening.currency) {
    ctx.fail(
      `line ${closingField!.line}`,
      `closing balance in ${closing.currency} but opening balance in ${opening.currency}`,
    );
  }
  return { opening, closing };
}

function parseMessage(message: Mt940Message, last: boolean, truncated: boolean, ctx: ParseContext): ParsedAccount {
  const fields = message.fields;
  const accountField = fields.find((f) => f.tag === '25' || f.tag === '25P');
  if (!accountField) ctx.fail(`line ${message.line}`, 'statement without account identification :25:');
  const { opening, closing } = messageBalances(message, last, truncated, ctx);
  const currency = opening?.currency ?? closing?.currency ?? currencyOfStatementLines(message, ctx);
  const account = accountFromField(accountField, currency);
  if (opening) account.openingBalance = { amount: opening.amount, date: opening.date };
  if (closing) account.closingBalance = { amount: closing.amount, date: closing.date };

  const txs: ParsedTransaction[] = account.transactions;
  let closed = false;
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i];
    if (field.tag === '62F' || field.tag === '62M') closed = true;
    if (field.tag !== '61') continue;
    if (closed) ctx.fail(`line ${field.line}`, 'statement line :61: after the closing balance');
    const line = parseStatementLine(field, currency, ctx);
    const infoField = fields[i + 1]?.tag === '86' ? fields[i + 1] : undefined;
    const info = infoField ? parseMt940Info(infoField.lines) : undefined;
    txs.push(
      makeTransaction(
        {
          providerKey: line.bankRef,
          date: line.date,
          valueDate: line.valueDate,
          amount: line.amount,
          texts: info ? [...info.texts, line.supplementary] : [line.supplementary, line.customerRef],
          labelSource: info?.labelSource ?? line.supplementary,
          counterparty: info?.counterparty,
          reference: info?.reference ?? line.customerRef,
          remittanceInformation: info?.remittance,
          type: swiftTransactionType(line.typeCode, line.amount),
          status: 'BOOKED',
          location: `line ${field.line}`,
        },
        ctx.labels,
      ),
    );
  }
  return account;
}

export function parseMt940(text: string, ctx: ParseContext): ParsedAccount[] {
  const { messages, unclosedEnvelopeLine } = splitMt940(text, ctx);
  if (messages.length === 0) ctx.fail('line 1', 'no MT940 statement (no :20: field)');
  const truncated = unclosedEnvelopeLine !== 0;
  const accounts = messages.map((m, i) => parseMessage(m, i === messages.length - 1, truncated, ctx));
  if (unclosedEnvelopeLine !== 0) {
    ctx.fail(
      `line ${unclosedEnvelopeLine}`,
      'truncated file: SWIFT message envelope not closed (no -} after the {4: block)',
    );
  }
  return accounts;
}
