import { parseDecimal } from './amount';
import { parseIsoDate } from './dates';
import { isIban, normalizeIban } from './iban';
import { LineCounter } from './line-counter';
import { makeTransaction } from './make-transaction';
import { tokenizeOfx, type OfxHandler } from './ofx-tokenizer';
import type { ParseContext } from './parse-context';
import { typeBySign, ofxTransactionType } from './transaction-type';
import type { AccountType, Balance, ParsedAccount, ParsedTransaction } from './types';

/**
 * OFX 1.x (SGML), OFX 2.x (XML) and QFX bank and credit-card statements
 * (BANKMSGSRSV1/STMTTRNRS/STMTRS, CREDITCARDMSGSRSV1/CCSTMTTRNRS/CCSTMTRS), built directly from the
 * tokenizer's events: no tree is materialised.
 */

interface TxDraft {
  offset: number;
  pending: boolean;
  trnType?: string;
  dtPosted?: string;
  dtPostedOffset?: number;
  dtUser?: string;
  dtUserOffset?: number;
  dtAvail?: string;
  dtAvailOffset?: number;
  amount?: string;
  amountOffset?: number;
  fitId?: string;
  name?: string;
  payeeName?: string;
  extdName?: string;
  memo?: string;
  checkNum?: string;
  refNum?: string;
}

interface AccountDraft {
  offset: number;
  creditCard: boolean;
  currency?: string;
  checkedCurrency?: string;
  bankId?: string;
  branchId?: string;
  acctId?: string;
  acctType?: string;
  balAmt?: string;
  balAmtOffset?: number;
  balDate?: string;
  balDateOffset?: number;
  /** DTEND of the transaction list: the day a balance without its own date is taken at. */
  dtEnd?: string;
  /** Transactions seen before the currency was known. */
  txs: TxDraft[];
  done: ParsedTransaction[];
}

function resetDraft(t: TxDraft, offset: number, pending: boolean): TxDraft {
  t.offset = offset;
  t.pending = pending;
  t.trnType = t.dtPosted = t.dtUser = t.dtAvail = t.amount = t.fitId = undefined;
  t.name = t.payeeName = t.extdName = t.memo = t.checkNum = t.refNum = undefined;
  t.dtPostedOffset = t.dtUserOffset = t.dtAvailOffset = t.amountOffset = undefined;
  return t;
}

function validCurrency(d: AccountDraft, ctx: ParseContext, at: (offset: number) => string): string {
  if (d.currency === undefined) return ctx.defaultCurrency;
  if (d.currency !== d.checkedCurrency) {
    if (!/^[A-Z]{3}$/.test(d.currency)) ctx.fail(at(d.offset), `malformed currency <CURDEF>`);
    d.checkedCurrency = d.currency;
  }
  return d.currency;
}

const ACCOUNT_TYPES = new Map<string, AccountType>([
  ['CHECKING', 'CHECKINGS'],
  ['SAVINGS', 'SAVINGS'],
  ['MONEYMRKT', 'SAVINGS'],
  ['CD', 'SAVINGS'],
  ['CREDITLINE', 'LOAN'],
]);

export function parseOfx(text: string, ctx: ParseContext): ParsedAccount[] {
  const lines = new LineCounter(text);
  const at = (offset: number) => `line ${lines.lineAt(offset)}`;
  const fail = (offset: number, message: string): never => ctx.fail(at(offset), message);

  const start = text.indexOf('<');
  if (start < 0) ctx.fail('line 1', 'no OFX content (no <OFX> element)');

  const drafts: AccountDraft[] = [];
  const path: string[] = [];
  let account: AccountDraft | null = null;
  let tx: TxDraft | null = null;
  const spare: TxDraft = { offset: 0, pending: false };
  let statusCode: string | undefined;
  /** The first error status of the reply (sign-on or statement request): the reason a file has no statement. */
  let errorCode: string | undefined;
  let sawInvestment = false;
  let investmentDepth = 0;

  const handler: OfxHandler = {
    warn(offset, message) {
      ctx.warn(at(offset), message);
    },
    open(name, offset) {
      path.push(name);
      if (name === 'STMTRS' || name === 'CCSTMTRS') {
        if (account) fail(offset, `<${name}> inside another statement`);
        account = { offset, creditCard: name === 'CCSTMTRS', txs: [], done: [] };
      } else if (name === 'STMTTRN' || name === 'STMTTRNP') {
        if (!account) {
          if (investmentDepth > 0) return; // INVBANKTRAN of an investment statement: not ours
          fail(offset, `<${name}> outside of a statement`);
        }
        if (tx) fail(offset, `<${name}> inside another transaction`);
        tx = resetDraft(spare, offset, name === 'STMTTRNP');
      } else if (name === 'STATUS') {
        statusCode = undefined;
      } else if (name === 'INVSTMTRS') {
        sawInvestment = true;
        investmentDepth++;
      }
    },
    leaf(name, value, offset) {
      const parent = path[path.length - 1];
      if (tx !== null && (parent === 'STMTTRN' || parent === 'STMTTRNP')) {
        const t: TxDraft = tx;
        switch (name) {
          case 'TRNTYPE':
            t.trnType = value;
            break;
          case 'DTPOSTED':
            t.dtPosted = value;
            t.dtPostedOffset = offset;
            break;
          case 'DTTRAN':
            if (t.pending) {
              t.dtPosted = value;
              t.dtPostedOffset = offset;
            }
            break;
          case 'DTUSER':
            t.dtUser = value;
            t.dtUserOffset = offset;
            break;
          case 'DTAVAIL':
            t.dtAvail = value;
            t.dtAvailOffset = offset;
            break;
          case 'TRNAMT':
            t.amount = value;
            t.amountOffset = offset;
            break;
          case 'FITID':
            t.fitId = value;
            break;
          case 'NAME':
            t.name = value;
            break;
          case 'EXTDNAME':
            t.extdName = value;
            break;
          case 'MEMO':
            t.memo = value;
            break;
          case 'CHECKNUM':
            t.checkNum = value;
            break;
          case 'REFNUM':
            t.refNum = value;
            break;
        }
        return;
      }
      if (tx !== null && parent === 'PAYEE' && name === 'NAME') {
        (tx as TxDraft).payeeName = value;
        return;
      }
      if (account !== null) {
        const a: AccountDraft = account;
        // an empty element is the same as an absent one (banks write `<CURDEF></CURDEF>`, `<BALAMT>`)
        if (value === '') return;
        if ((parent === 'STMTRS' || parent === 'CCSTMTRS') && name === 'CURDEF') a.currency = value.toUpperCase();
        else if (parent === 'BANKACCTFROM' || parent === 'CCACCTFROM') {
          if (name === 'ACCTID') a.acctId = value;
          else if (name === 'BANKID') a.bankId = value;
          else if (name === 'BRANCHID') a.branchId = value;
          else if (name === 'ACCTTYPE') a.acctType = value.toUpperCase();
        } else if (parent === 'BANKTRANLIST' && name === 'DTEND') {
          a.dtEnd = value;
        } else if (parent === 'LEDGERBAL') {
          if (name === 'BALAMT') {
            a.balAmt = value;
            a.balAmtOffset = offset;
          } else if (name === 'DTASOF') {
            a.balDate = value;
            a.balDateOffset = offset;
          }
        }
      }
      if (parent === 'STATUS') {
        if (name === 'CODE') statusCode = value;
      }
    },
    close(name, offset) {
      path.pop();
      if (name === 'STMTTRN' || name === 'STMTTRNP') {
        const a: AccountDraft | null = account;
        const t: TxDraft | null = tx;
        if (a && t) {
          // CURDEF precedes the transactions in conforming files: finish them right away
          if (a.currency !== undefined && a.txs.length === 0) {
            const done = finishTransaction(t, a.creditCard, validCurrency(a, ctx, at), ctx, at);
            if (done) a.done.push(done);
          } else a.txs.push({ ...t });
        }
        tx = null;
      } else if (name === 'STMTRS' || name === 'CCSTMTRS') {
        if (account) drafts.push(account);
        account = null;
      } else if (name === 'INVSTMTRS') {
        investmentDepth--;
        ctx.warn(at(offset), 'investment statement (INVSTMTRS) ignored');
      } else if (name === 'STATUS' && statusCode !== undefined && statusCode !== '0') {
        const parent = path[path.length - 1];
        // OFX status codes are numbers; anything else is not repeated (messages never quote the file's text)
        const code = /^\d{1,6}$/.test(statusCode) ? statusCode : 'not a number';
        errorCode ??= code;
        ctx.warn(at(offset), `the bank answered with error code ${code} in <${parent}>`);
      }
    },
  };

  tokenizeOfx(text, start, handler, fail);

  if (drafts.length === 0) ctx.fail('line 1', noStatementReason(errorCode, sawInvestment));
  return drafts.map((draft) => finishAccount(draft, ctx, at));
}

/** Why an OFX file without a bank or card statement is refused, and what to do instead. */
function noStatementReason(errorCode: string | undefined, sawInvestment: boolean): string {
  if (errorCode !== undefined) {
    return `this file is an error reply from the bank (code ${errorCode}), not a statement: download the statement again from your bank`;
  }
  if (sawInvestment) {
    return 'this is an investment account statement (holdings and trades): only bank and credit card statements can be imported; download the statement of a bank or card account instead';
  }
  return 'this OFX file holds no bank or credit card statement (only the bank’s sign-on or account list): download the statement of your account from your bank';
}

function finishAccount(d: AccountDraft, ctx: ParseContext, at: (offset: number) => string): ParsedAccount {
  const currency = validCurrency(d, ctx, at);
  let acctId = d.acctId?.trim();
  if (!acctId) {
    // some exports leave out <BANKACCTFROM>: the rows go to the account the file is imported for
    acctId = ctx.accountIdentifier;
    ctx.warn(
      at(d.offset),
      'the statement does not name its account; its transactions go to the account the file is imported for',
    );
  }
  let type: AccountType = 'CHECKINGS';
  if (d.creditCard) type = 'CREDIT_CARD';
  else if (d.acctType) {
    const mapped = ACCOUNT_TYPES.get(d.acctType);
    if (mapped) type = mapped;
    else ctx.warn(at(d.offset), `unknown ACCTTYPE, using CHECKINGS`);
  }
  const account: ParsedAccount = { identifier: acctId, type, currency, transactions: [] };
  if (isIban(acctId)) account.iban = normalizeIban(acctId);
  account.accountNumber = acctId;
  if (d.bankId) account.bankId = d.bankId;
  account.transactions = d.done;
  for (const t of d.txs) {
    const done = finishTransaction(t, d.creditCard, currency, ctx, at);
    if (done) d.done.push(done);
  }
  const balance = closingBalance(d, currency, ctx, at);
  if (balance) account.closingBalance = balance;
  return account;
}

const ZERO_DATE = /^0{8}/;

/** An OFX date (20240105…), or an ISO day (2024-01-05) as some exporters write instead: both are unambiguous. */
function ofxDay(text: string, ctx: ParseContext): number | null {
  return ctx.ofxDates.read(text) ?? (text.includes('-') ? parseIsoDate(text) : null);
}

/**
 * The LEDGERBAL balance, or null when there is none. A balance whose date is missing or zero (`00000000`,
 * written by some Brazilian banks) is the balance at the end of the statement: it is dated by DTEND, else
 * by the last transaction. A balance that cannot be read is left out with a warning; the transactions
 * still import.
 */
function closingBalance(
  d: AccountDraft,
  currency: string,
  ctx: ParseContext,
  at: (offset: number) => string,
): Balance | null {
  if (d.balAmt === undefined) return null;
  const amount = parseDecimal(d.balAmt, currency, 'either');
  if (amount === null) return balanceLeftOut(ctx, at(d.balAmtOffset ?? d.offset), 'malformed balance amount');
  const dateText = [d.balDate, d.dtEnd].find((text) => text !== undefined && !ZERO_DATE.test(text));
  if (dateText === undefined) {
    if (d.done.length === 0) return balanceLeftOut(ctx, at(d.balAmtOffset ?? d.offset), 'balance without date');
    return { amount, date: d.done.reduce((last, t) => Math.max(last, t.date), 0) };
  }
  const date = ofxDay(dateText, ctx);
  if (date === null) return balanceLeftOut(ctx, at(d.balDateOffset ?? d.offset), 'malformed balance date');
  return { amount, date };
}

function balanceLeftOut(ctx: ParseContext, location: string, problem: string): null {
  ctx.warn(location, `${problem}: the closing balance was left out`);
  return null;
}

/**
 * A transaction that cannot be read is left out, named with its line in a warning and in the rows left out
 * (which the files report shows); the others import.
 */
function skipRow(ctx: ParseContext, location: string, problem: string): null {
  ctx.warn(location, `${problem}: this transaction was not imported`);
  ctx.leaveOutRow(location, problem);
  return null;
}

function finishTransaction(
  t: TxDraft,
  creditCard: boolean,
  currency: string,
  ctx: ParseContext,
  at: (offset: number) => string,
): ParsedTransaction | null {
  const location = at(t.offset);
  if (t.amount === undefined || t.amount === '')
    return skipRow(ctx, location, 'transaction without amount (no <TRNAMT>)');
  const amount = parseDecimal(t.amount, currency, 'either');
  if (amount === null) return skipRow(ctx, at(t.amountOffset ?? t.offset), 'malformed amount');
  if (t.dtPosted === undefined || t.dtPosted === '') {
    return skipRow(ctx, location, `transaction without date (no <${t.pending ? 'DTTRAN' : 'DTPOSTED'}>)`);
  }
  const date = ofxDay(t.dtPosted, ctx);
  if (date === null) return skipRow(ctx, at(t.dtPostedOffset ?? t.offset), 'malformed date');
  // the value date is extra information: one that cannot be read is dropped, the row is kept
  const valueText = t.dtAvail || t.dtUser;
  const valueDate = valueText ? (ofxDay(valueText, ctx) ?? undefined) : undefined;
  if (valueText && valueDate === undefined) ctx.warn(location, 'malformed value date (<DTAVAIL> or <DTUSER>), ignored');
  let type = t.trnType ? ofxTransactionType(t.trnType, amount, creditCard) : undefined;
  if (type === undefined) {
    if (t.trnType) ctx.warn(location, `unknown TRNTYPE`);
    type = typeBySign(amount);
  }
  const name = t.name || t.payeeName;
  return makeTransaction(
    {
      providerKey: t.fitId || undefined,
      date,
      valueDate,
      amount,
      texts: [name, t.extdName, t.memo],
      labelSource: name || t.memo,
      counterparty: name || undefined,
      reference: t.checkNum || t.refNum || undefined,
      type,
      status: t.pending || t.trnType?.toUpperCase() === 'HOLD' ? 'PENDING' : 'BOOKED',
      location,
    },
    ctx.labels,
  );
}
