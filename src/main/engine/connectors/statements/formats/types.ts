/**
 * Output model of the statement-file parsers (OFX/QFX, QIF, CSV, CAMT.052/053, MT940).
 * Pure data: amounts are exact decimal text with a dot, dates are UTC seconds at 00:00 of the day.
 */

export type StatementFormat = 'OFX1' | 'OFX2' | 'QFX' | 'QIF' | 'CSV' | 'CAMT053' | 'CAMT052' | 'CAMT054' | 'MT940';

// One definition of the API's value sets (docs/api/records.md) for the whole engine (the connector interface owns
// them).
import type { AccountType, TransactionType } from '../../types';

export type { AccountType, TransactionType };

export interface ParsedStatement {
  format: StatementFormat;
  accounts: ParsedAccount[];
  warnings: string[];
  /** Rows that could not be read and were left out, each as 'line 12: malformed amount' (the rest imports). */
  rowsLeftOut: string[];
}

export interface Balance {
  /** Decimal text with a dot, e.g. "-1234.56". */
  amount: string;
  /** UTC seconds at 00:00 of that day. */
  date: number;
}

export interface ParsedAccount {
  /** OFX ACCTID, CAMT IBAN/Othr Id, MT940 :25:, QIF/CSV: option `accountIdentifier` (default 'default'). */
  identifier: string;
  type: AccountType;
  /** ISO 4217; option `defaultCurrency` (default 'EUR') when the file has none. */
  currency: string;
  iban?: string;
  accountNumber?: string;
  bankId?: string;
  name?: string;
  closingBalance?: Balance;
  openingBalance?: Balance;
  transactions: ParsedTransaction[];
}

export interface ParsedTransaction {
  /** The format's own id: OFX FITID, CAMT AcctSvcrRef (else NtryRef), MT940 bank reference; absent otherwise. */
  providerKey?: string;
  /** UTC seconds, 00:00 of the booking/posted day. */
  date: number;
  valueDate?: number;
  /** Exact signed decimal text with a dot ("-12.30", "1500.00"). */
  amount: string;
  /** The bank's raw text, all info fields joined with ' '. */
  rawText: string;
  /** Cleaned human label (see cleanLabel). */
  label: string;
  counterparty?: string;
  reference?: string;
  remittanceInformation?: string[];
  type: TransactionType;
  status: 'BOOKED' | 'PENDING';
  /** Where it came from: 'line 42' or 'element Document/BkToCstmrStmt/Stmt[0]/Ntry[3]'. */
  location: string;
}

export interface CsvMapping {
  delimiter?: string;
  hasHeader?: boolean;
  /** Column header name (when hasHeader) or 0-based column index. */
  date: string | number;
  amount?: string | number;
  debit?: string | number;
  credit?: string | number;
  label: string | number;
  rawText?: string | number;
  valueDate?: string | number;
  reference?: string | number;
  currency?: string | number;
  /** Column saying whether the bank has booked the row: "PENDING", "vorgemerkt", "en cours" ⇒ PENDING. */
  status?: string | number;
  decimalSeparator?: '.' | ',';
}

export type DateOrder = 'DMY' | 'MDY' | 'auto';

export interface ParseOptions {
  fileName?: string;
  /** Day/month order of ambiguous dates (QIF, CSV). Default 'auto'. */
  dateOrder?: DateOrder;
  csvMapping?: CsvMapping;
  /** Identifier of the account for formats that carry none (QIF, CSV). Default 'default'. */
  accountIdentifier?: string;
  /** Currency when the file has none. Default 'EUR'. */
  defaultCurrency?: string;
  /** Files larger than this are rejected. Default 250 MB. */
  maxBytes?: number;
}

/**
 * Any problem with a statement file. The message names the file and, when known, the line or element:
 * `statement.ofx, line 42: malformed amount "12,3x"`.
 */
export class StatementError extends Error {
  /** The message without the file/location prefix. */
  readonly detail: string;

  constructor(
    message: string,
    readonly fileName: string | undefined,
    readonly location?: string,
  ) {
    super(`${fileName ?? '(statement)'}${location ? `, ${location}` : ''}: ${message}`);
    this.name = 'StatementError';
    this.detail = message;
  }
}
