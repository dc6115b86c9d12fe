import { parseDecimal } from './amount';
import { parseIsoDate } from './dates';
import { isIban, normalizeIban } from './iban';
import { makeTransaction } from './make-transaction';
import type { ParseContext } from './parse-context';
import { camtTransactionType } from './transaction-type';
import type { AccountType, Balance, ParsedAccount, ParsedTransaction } from './types';
import { parseXmlDocument, type XNode } from './xml-tree';

/**
 * ISO 20022 camt.053 (BkToCstmrStmt/Stmt), camt.052 (BkToCstmrAcctRpt/Rpt) and camt.054
 * (BkToCstmrDbtCdtNtfctn/Ntfctn), any namespace version (001.01 … 001.08+; version 01 names its
 * message element with a V01 suffix): account, balances (CLBD/OPBD, ITBD/PRCD as fallbacks) and entries.
 */

export type CamtKind = '053' | '052' | '054';

const MESSAGES: Record<CamtKind, { container: string; statement: string }> = {
  '053': { container: 'BkToCstmrStmt', statement: 'Stmt' },
  '052': { container: 'BkToCstmrAcctRpt', statement: 'Rpt' },
  '054': { container: 'BkToCstmrDbtCdtNtfctn', statement: 'Ntfctn' },
};

const NO_REF = new Set(['NONREF', 'NOTPROVIDED', 'NOT PROVIDED', 'NONE']);

function ref(value: string | undefined): string | undefined {
  return value && !NO_REF.has(value.toUpperCase()) ? value : undefined;
}

const ACCOUNT_TYPES = new Map<string, AccountType>([
  ['CACC', 'CHECKINGS'],
  ['CASH', 'CHECKINGS'],
  ['TRAN', 'CHECKINGS'],
  ['SVGS', 'SAVINGS'],
  ['MOMA', 'SAVINGS'],
  ['LOAN', 'LOAN'],
  ['CARD', 'CREDIT_CARD'],
]);

export function parseCamt(text: string, kind: CamtKind, ctx: ParseContext): ParsedAccount[] {
  const document = parseXmlDocument(text, 'Document', ctx);
  const { container: containerName, statement: statementName } = MESSAGES[kind];
  const container = document.one(containerName) ?? document.one(`${containerName}V01`);
  if (!container) ctx.fail(`element ${document.path}`, `no <${containerName}> in the document`);
  const statements = container.all(statementName);
  if (statements.length === 0) {
    ctx.fail(`element ${container.path}`, `no <${statementName}> in <${containerName}>: the file holds no statement`);
  }
  return statements.map((stmt) => parseStatementElement(stmt, ctx));
}

function signedAmount(node: XNode, currency: string, ctx: ParseContext): { amount: string; currency: string } {
  const amt = node.one('Amt');
  if (!amt) ctx.fail(`element ${node.path}/Amt`, 'missing amount');
  const text = amt.text().trim();
  if (text === '') ctx.fail(`element ${amt.path}`, 'missing amount');
  const ccy = (amt.attr('Ccy') ?? currency).trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(ccy)) ctx.fail(`element ${amt.path}`, `malformed currency`);
  const unsigned = /^\d+(?:\.\d+)?$/.test(text) ? parseDecimal(text, ccy, '.') : null;
  if (unsigned === null) ctx.fail(`element ${amt.path}`, `malformed amount`);
  const indicator = node.textOf('CdtDbtInd');
  if (indicator === 'CRDT') return { amount: unsigned, currency: ccy };
  if (indicator === 'DBIT') return { amount: /^[0.]+$/.test(unsigned) ? unsigned : `-${unsigned}`, currency: ccy };
  return ctx.fail(
    `element ${node.path}/CdtDbtInd`,
    indicator === undefined ? 'missing credit/debit indicator' : `malformed credit/debit indicator`,
  );
}

function dateOf(node: XNode | undefined, ctx: ParseContext): number | undefined {
  if (!node) return undefined;
  const dt = node.one('Dt') ?? node.one('DtTm');
  if (!dt) ctx.fail(`element ${node.path}`, 'date without <Dt> or <DtTm>');
  const text = dt.text().trim();
  const date = parseIsoDate(text);
  if (date === null) ctx.fail(`element ${dt.path}`, `malformed date`);
  return date;
}

function parseStatementElement(stmt: XNode, ctx: ParseContext): ParsedAccount {
  const acct = stmt.one('Acct');
  if (!acct) ctx.fail(`element ${stmt.path}/Acct`, 'statement without account');
  const iban = acct.textOf('Id', 'IBAN');
  // version 01 has <PrtryAcct><Id> where later versions have <Othr><Id>
  const other = acct.textOf('Id', 'Othr', 'Id') ?? acct.textOf('Id', 'PrtryAcct', 'Id');
  const identifier = iban ? normalizeIban(iban) : other;
  if (!identifier) ctx.fail(`element ${acct.path}/Id`, 'account without IBAN or other identifier');

  const balances = stmt.all('Bal');
  const entries = stmt.all('Ntry');
  const currency = (
    acct.textOf('Ccy') ??
    balances[0]?.one('Amt')?.attr('Ccy') ??
    entries[0]?.one('Amt')?.attr('Ccy') ??
    ctx.defaultCurrency
  ).toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) ctx.fail(`element ${acct.path}/Ccy`, `malformed currency`);

  const typeCode = acct.textOf('Tp', 'Cd')?.toUpperCase();
  const account: ParsedAccount = {
    identifier,
    type: (typeCode && ACCOUNT_TYPES.get(typeCode)) || 'CHECKINGS',
    currency,
    transactions: [],
  };
  if (iban) {
    account.iban = normalizeIban(iban);
    if (!isIban(iban)) ctx.warn(`element ${acct.path}/Id/IBAN`, `IBAN has wrong check digits`);
  } else {
    account.accountNumber = other;
  }
  const bankId = acct.textOf('Svcr', 'FinInstnId', 'BIC') ?? acct.textOf('Svcr', 'FinInstnId', 'BICFI');
  if (bankId) account.bankId = bankId;
  const name = acct.textOf('Nm') ?? acct.textOf('Ownr', 'Nm');
  if (name) account.name = name;

  const found = new Map<string, Balance>();
  for (const bal of balances) {
    const code = (bal.textOf('Tp', 'CdOrPrtry', 'Cd') ?? bal.textOf('Tp', 'CdOrPrtry', 'Prtry') ?? '').toUpperCase();
    const { amount } = signedAmount(bal, currency, ctx);
    const date = dateOf(bal.one('Dt'), ctx);
    if (date === undefined) ctx.fail(`element ${bal.path}/Dt`, 'balance without date');
    if (!found.has(code)) found.set(code, { amount, date });
  }
  const closing = found.get('CLBD') ?? found.get('ITBD');
  const opening = found.get('OPBD') ?? found.get('PRCD');
  if (closing) account.closingBalance = closing;
  if (opening) account.openingBalance = opening;

  for (const entry of entries) account.transactions.push(parseEntry(entry, currency, ctx));
  return account;
}

function partyName(tx: XNode, role: string): string | undefined {
  return tx.textOf('RltdPties', role, 'Nm') ?? tx.textOf('RltdPties', role, 'Pty', 'Nm');
}

function statusOf(entry: XNode, ctx: ParseContext): 'BOOKED' | 'PENDING' {
  const sts = entry.one('Sts');
  const code = (sts?.textOf('Cd') ?? sts?.textOf('Prtry') ?? sts?.text().trim() ?? '').toUpperCase();
  if (code === 'BOOK') return 'BOOKED';
  if (code === 'PDNG' || code === 'INFO' || code === 'FUTR') return 'PENDING';
  if (code === '') ctx.warn(`element ${entry.path}`, 'entry without status, taken as booked');
  else ctx.warn(`element ${entry.path}/Sts`, `unknown entry status, taken as booked`);
  return 'BOOKED';
}

function parseEntry(entry: XNode, currency: string, ctx: ParseContext): ParsedTransaction {
  const location = `element ${entry.path}`;
  const { amount, currency: entryCurrency } = signedAmount(entry, currency, ctx);
  if (entryCurrency !== currency) ctx.warn(location, `entry in ${entryCurrency} on a ${currency} account`);
  const status = statusOf(entry, ctx);
  const bookingDate = dateOf(entry.one('BookgDt'), ctx);
  const valueDate = dateOf(entry.one('ValDt'), ctx);
  const date = bookingDate ?? valueDate;
  if (date === undefined) ctx.fail(`element ${entry.path}/BookgDt`, 'entry without booking or value date');

  const details: XNode[] = [];
  for (const ntryDtls of entry.all('NtryDtls')) for (const tx of ntryDtls.all('TxDtls')) details.push(tx);

  const remittance: string[] = [];
  const additional: string[] = [];
  for (const tx of details) {
    for (const rmt of tx.all('RmtInf')) {
      for (const ustrd of rmt.all('Ustrd')) {
        const t = ustrd.text().trim();
        if (t) remittance.push(t);
      }
      for (const strd of rmt.all('Strd')) {
        const r = strd.textOf('CdtrRefInf', 'Ref');
        if (r) remittance.push(r);
        for (const add of strd.all('AddtlRmtInf')) {
          const t = add.text().trim();
          if (t) remittance.push(t);
        }
      }
    }
    const info = tx.textOf('AddtlTxInf');
    if (info) additional.push(info);
  }

  const single = details.length === 1 ? details[0] : undefined;
  const debit = amount.startsWith('-');
  let counterparty: string | undefined;
  let reference: string | undefined;
  if (single) {
    counterparty = debit
      ? (partyName(single, 'Cdtr') ?? partyName(single, 'UltmtCdtr'))
      : (partyName(single, 'Dbtr') ?? partyName(single, 'UltmtDbtr'));
    reference =
      ref(single.textOf('Refs', 'EndToEndId')) ??
      ref(single.textOf('Refs', 'InstrId')) ??
      ref(single.textOf('Refs', 'ChqNb'));
  }
  const entryInfo = entry.textOf('AddtlNtryInf');
  const texts = [entryInfo, ...remittance, ...additional];
  if (texts.every((t) => !t)) texts.push(counterparty);

  const bankCode = entry.find('BkTxCd', 'Domn') ?? single?.find('BkTxCd', 'Domn');
  const family = bankCode?.textOf('Fmly', 'Cd');
  const subFamily = bankCode?.textOf('Fmly', 'SubFmlyCd');

  return makeTransaction(
    {
      providerKey: ref(entry.textOf('AcctSvcrRef')) ?? ref(entry.textOf('NtryRef')),
      date,
      valueDate,
      amount,
      texts,
      labelSource: counterparty ?? entryInfo ?? remittance[0],
      counterparty,
      reference,
      remittanceInformation: remittance,
      type: camtTransactionType(family, subFamily, amount),
      status,
      location,
    },
    ctx.labels,
  );
}
