import { isNegative } from './amount';
import type { TransactionType } from './types';

/**
 * Transaction types of each format mapped to the API's transaction types (docs/api/records.md#transaction); the default
 * is CREDIT/DEBIT by sign.
 */

export function typeBySign(amount: string): TransactionType {
  return isNegative(amount) ? 'DEBIT' : 'CREDIT';
}

const OFX_TYPES = new Map<string, TransactionType>([
  ['CREDIT', 'CREDIT'],
  ['DEBIT', 'DEBIT'],
  ['INT', 'INTEREST'],
  ['DIV', 'DIVIDEND'],
  ['FEE', 'BANK_FEE'],
  ['SRVCHG', 'BANK_FEE'],
  ['DEP', 'DEPOSIT'],
  ['ATM', 'ATM'],
  ['POS', 'POINT_OF_SALE'],
  ['XFER', 'INTERNAL_TRANSFER'],
  ['CHECK', 'CHECK'],
  ['PAYMENT', 'ELECTRONIC_PAYMENT'],
  ['CASH', 'CASH'],
  ['DIRECTDEP', 'DIRECT_DEPOSIT'],
  ['DIRECTDEBIT', 'DIRECT_DEBIT'],
  ['REPEATPMT', 'REPEATING_PAYMENT'],
  ['HOLD', 'OTHER'],
  ['OTHER', 'OTHER'],
]);

/** OFX TRNTYPE; undefined when the value is not an OFX transaction type. */
export function ofxTransactionType(trnType: string, amount: string, creditCard: boolean): TransactionType | undefined {
  const type = OFX_TYPES.get(trnType) ?? OFX_TYPES.get(trnType.toUpperCase());
  if (creditCard && type === 'ELECTRONIC_PAYMENT' && !isNegative(amount)) return 'CREDIT_CARD_PAYMENT';
  return type;
}

const SWIFT_TYPES: Record<string, TransactionType> = {
  CHK: 'CHECK',
  ECK: 'CHECK',
  CHG: 'BANK_FEE',
  COM: 'BANK_FEE',
  INT: 'INTEREST',
  DIV: 'DIVIDEND',
  DDT: 'DIRECT_DEBIT',
  STO: 'REPEATING_PAYMENT',
  CAS: 'CASH',
};

/** MT940 :61: transaction type identification code (NTRF, NCHK, FCHG, …). */
export function swiftTransactionType(code: string, amount: string): TransactionType {
  const key = code.slice(1).toUpperCase();
  return Object.hasOwn(SWIFT_TYPES, key) ? SWIFT_TYPES[key] : typeBySign(amount);
}

/** ISO 20022 bank transaction code (domain / family / sub-family). */
export function camtTransactionType(
  family: string | undefined,
  subFamily: string | undefined,
  amount: string,
): TransactionType {
  const f = family?.toUpperCase();
  const s = subFamily?.toUpperCase();
  if (s === 'CHRG' || s === 'FEES' || s === 'COMM' || f === 'CHRG') return 'BANK_FEE';
  if (s === 'INTR' || f === 'INTR') return 'INTEREST';
  if (s === 'DVCA') return 'DIVIDEND';
  if (f === 'CCRD' || f === 'DCRD') {
    if (s === 'CWDL' || s === 'XBCW') return 'ATM';
    if (s === 'POSD' || s === 'POSP' || s === 'XBCP' || s === 'SMCD' || s === 'SMRT') return 'POINT_OF_SALE';
  }
  if (f === 'IDDT' || f === 'RDDT') return isNegative(amount) ? 'DIRECT_DEBIT' : typeBySign(amount);
  if (f === 'ICHQ' || f === 'RCHQ' || f === 'CCHQ' || f === 'DRFT') return 'CHECK';
  if (f === 'CNTR' || f === 'CASH') return s === 'CWDL' ? 'ATM' : s === 'CDPT' ? 'DEPOSIT' : 'CASH';
  if (s === 'STDO') return 'REPEATING_PAYMENT';
  if (s === 'BOOK' || f === 'ICDT' || f === 'RCDT') {
    if (s === 'BOOK') return 'INTERNAL_TRANSFER';
    if (s === 'SALA' && !isNegative(amount)) return 'DIRECT_DEPOSIT';
  }
  return typeBySign(amount);
}

/** QIF N field: check numbers and the few words Quicken puts there. */
export function qifTransactionType(number: string | undefined, amount: string): TransactionType {
  if (!number) return typeBySign(amount);
  const n = number.trim().toUpperCase();
  if (/^\d+$/.test(n)) return 'CHECK';
  if (n === 'ATM') return 'ATM';
  if (n === 'DEP') return 'DEPOSIT';
  if (n === 'XFER' || n === 'TXFR') return 'INTERNAL_TRANSFER';
  if (n === 'EFT') return 'ELECTRONIC_PAYMENT';
  if (n === 'POS') return 'POINT_OF_SALE';
  return typeBySign(amount);
}
