import { parseDecimal } from './amount';
import { parseOfxDate } from './dates';
import { isIban, normalizeIban } from './iban';
import { LineCounter } from './line-counter';
import { makeTransaction } from './make-transaction';
import { tokenizeOfx, type OfxHandler } from './ofx-tokenizer';
import type { ParseContext } from './parse-context';
import { typeBySign, ofxTransactionType } from './transaction-type';
import type { AccountType, ParsedAccount, ParsedTransaction } from './types';

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
  let statusMessage: string | undefined;
  let signonError: string | undefined;
  let sawInvestment = false;
  let investmentDepth = 0;

  const handler: OfxHandler = {
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
        statusMessage = undefined;
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
        if ((parent === 'STMTRS' || parent === 'CCSTMTRS') && name === 'CURDEF') a.currency = value.toUpperCase();
        else if (parent === 'BANKACCTFROM' || parent === 'CCACCTFROM') {
          if (name === 'ACCTID') a.acctId = value;
          else if (name === 'BANKID') a.bankId = value;
          else if (name === 'BRANCHID') a.branchId = value;
          else if (name === 'ACCTTYPE') a.acctType = value.toUpperCase();
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
        else if (name === 'MESSAGE') statusMessage = value;
      }
    },
    close(name, offset) {
      path.pop();
      if (name === 'STMTTRN' || name === 'STMTTRNP') {
        const a: AccountDraft | null = account;
        const t: TxDraft | null = tx;
        if (a && t) {
          // CURDEF precedes the transactions in conforming files: finish them right away
          if (a.currency !== undefined && a.txs.length === 0)
            a.done.push(finishTransaction(t, a.creditCard, validCurrency(a, ctx, at), ctx, at));
          else a.txs.push({ ...t });
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
        const message = `OFX status ${statusCode}${statusMessage ? ` (${statusMessage})` : ''} in <${parent}>`;
        if (parent === 'SONRS') signonError = message;
        ctx.warn(at(offset), message);
      }
    },
  };

  tokenizeOfx(text, start, handler, fail);

  if (drafts.length === 0) {
    if (signonError) ctx.fail('line 1', `the bank returned an error instead of a statement: ${signonError}`);
    if (sawInvestment) ctx.fail('line 1', 'investment statements (INVSTMTRS) are not supported');
    ctx.fail('line 1', 'no bank or credit card statement (STMTRS/CCSTMTRS) in the file');
  }
  return drafts.map((draft) => finishAccount(draft, ctx, at));
}

function finishAccount(d: AccountDraft, ctx: ParseContext, at: (offset: number) => string): ParsedAccount {
  const currency = validCurrency(d, ctx, at);
  const acctId = d.acctId?.trim();
  if (!acctId)
    ctx.fail(
      at(d.offset),
      `statement without account id (<ACCTID> in <${d.creditCard ? 'CCACCTFROM' : 'BANKACCTFROM'}>)`,
    );
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
  if (d.balAmt !== undefined || d.balDate !== undefined) {
    const amountOffset = d.balAmtOffset ?? d.offset;
    if (d.balAmt === undefined) ctx.fail(at(amountOffset), 'balance without amount (<LEDGERBAL> has no <BALAMT>)');
    const amount = parseDecimal(d.balAmt, currency, 'either');
    if (amount === null) ctx.fail(at(amountOffset), `malformed amount`);
    if (d.balDate === undefined) ctx.fail(at(amountOffset), 'balance without date (<LEDGERBAL> has no <DTASOF>)');
    const date = parseOfxDate(d.balDate);
    if (date === null) ctx.fail(at(d.balDateOffset ?? amountOffset), `malformed date`);
    account.closingBalance = { amount, date };
  }
  account.transactions = d.done;
  for (const t of d.txs) d.done.push(finishTransaction(t, d.creditCard, currency, ctx, at));
  return account;
}

function ofxDate(value: string, offset: number, ctx: ParseContext, at: (offset: number) => string): number {
  const date = parseOfxDate(value);
  if (date === null) ctx.fail(at(offset), `malformed date`);
  return date;
}

function finishTransaction(
  t: TxDraft,
  creditCard: boolean,
  currency: string,
  ctx: ParseContext,
  at: (offset: number) => string,
): ParsedTransaction {
  const location = at(t.offset);
  if (t.amount === undefined) ctx.fail(location, 'transaction without amount (no <TRNAMT>)');
  const amount = parseDecimal(t.amount, currency, 'either');
  if (amount === null) ctx.fail(at(t.amountOffset ?? t.offset), `malformed amount`);
  if (t.dtPosted === undefined)
    ctx.fail(location, `transaction without date (no <${t.pending ? 'DTTRAN' : 'DTPOSTED'}>)`);
  const date = ofxDate(t.dtPosted, t.dtPostedOffset ?? t.offset, ctx, at);
  let valueDate: number | undefined;
  if (t.dtAvail !== undefined) valueDate = ofxDate(t.dtAvail, t.dtAvailOffset ?? t.offset, ctx, at);
  else if (t.dtUser !== undefined) valueDate = ofxDate(t.dtUser, t.dtUserOffset ?? t.offset, ctx, at);
  let type = t.trnType ? ofxTransactionType(t.trnType, amount, creditCard) : undefined;
  if (type === undefined) {
    if (t.trnType) ctx.warn(location, `unknown TRNTYPE`);
    type = typeBySign(amount);
  }
  const name = t.name ?? t.payeeName;
  return makeTransaction({
    providerKey: t.fitId,
    date,
    valueDate,
    amount,
    texts: [name, t.extdName, t.memo],
    labelSource: name || t.memo,
    counterparty: name,
    reference: t.checkNum ?? t.refNum,
    type,
    status: t.pending || t.trnType === 'HOLD' || t.trnType?.toUpperCase() === 'HOLD' ? 'PENDING' : 'BOOKED',
    location,
  });
}
