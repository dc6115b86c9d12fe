import { currencyExponent, minorToNumber } from '../../domain/money';
import { servedBalance } from '../../domain/manual-ledger';
import { idString, parseJson } from '../../domain/record';
import type { AccountStatus, AccountType, AccountUsage } from '../../domain/values';
import type { AccountRow } from '../../store/accounts';

export type { AccountRow } from '../../store/accounts';

/** The Account record: optional fields left out, ids as strings (docs/api/ids-and-times.md). */
export interface AccountRecord {
  id: string;
  connection_id: string;
  name: string;
  currency: string;
  balance: number;
  balance_date?: number;
  iban?: string;
  account_number?: string;
  reference: string;
  status: AccountStatus;
  type: AccountType;
  creation_date: number;
  owner?: { name: string };
  usage: AccountUsage;
  last_channel_definition_id?: string;
  payment_destination?: boolean;
  payment_source?: boolean;
  savings?: Record<string, unknown>;
  loan?: Record<string, unknown>;
  /** Extension: the person keeps this account out of totals (present only when true). */
  hidden_from_totals?: true;
  /** Extension: a PENDING_CONSENT account the person chose not to share (present only when true). */
  consent_declined?: true;
  /** Extension: a CLOSED account's balance on its closing (the contract shows 0 since) and when. */
  closing_balance?: number;
  closing_date?: number;
  /** Extension: what an account of a manual connection holds (CASH, PROPERTY, LOAN, CREDIT_CARD, CHECKINGS, SAVINGS). */
  manual_kind?: string;
}

const bool = (v: number | null) => (v === null ? undefined : v === 1);

/** Money members of the connector's SavingsDetails / LoanDetails, stored as decimal text, served as numbers. */
const MONEY_MEMBERS = new Set(['amount', 'invested_raw', 'total_amount', 'remaining_amount', 'monthly_payment']);

function servedDetails(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(servedDetails);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === null || v === undefined) continue;
      out[k] = MONEY_MEMBERS.has(k) && typeof v === 'string' && /^[+-]?\d+(\.\d+)?$/.test(v) ? Number(v) : servedDetails(v);
    }
    return out;
  }
  return value;
}

/**
 * `savings` and `loan` columns hold the connector's SavingsDetails / LoanDetails JSON as is (money as decimal
 * text); the record serves money members as numbers.
 */
export function accountRecord(row: AccountRow): AccountRecord {
  // The person's manual transactions count in the balance (and in a closed account's closing balance).
  const { balance, closing_balance } = servedBalance(row);
  const record: AccountRecord = {
    id: idString(row.id),
    connection_id: idString(row.connection_id),
    name: row.name,
    currency: row.currency,
    balance: minorToNumber(balance, currencyExponent(row.currency)),
    reference: row.reference,
    status: row.status,
    type: row.type,
    creation_date: row.creation_date,
    usage: row.usage,
  };
  if (row.balance_date !== null) record.balance_date = row.balance_date;
  if (row.iban) record.iban = row.iban;
  if (row.account_number) record.account_number = row.account_number;
  if (row.owner_name) record.owner = { name: row.owner_name };
  if (row.last_channel_definition_id) record.last_channel_definition_id = row.last_channel_definition_id;
  const destination = bool(row.payment_destination);
  if (destination !== undefined) record.payment_destination = destination;
  const source = bool(row.payment_source);
  if (source !== undefined) record.payment_source = source;
  const savings = parseJson<Record<string, unknown> | null>(row.savings, null);
  if (savings) record.savings = servedDetails(savings) as Record<string, unknown>;
  const loan = parseJson<Record<string, unknown> | null>(row.loan, null);
  if (loan) record.loan = servedDetails(loan) as Record<string, unknown>;
  if (row.hidden_from_totals === 1) record.hidden_from_totals = true;
  // Only while not shared: a granted account is no longer "declined", whatever route granted it.
  if (row.consent_declined === 1 && row.status === 'PENDING_CONSENT') record.consent_declined = true;
  if (row.status === 'CLOSED' && closing_balance !== null && row.closing_date !== null) {
    record.closing_balance = minorToNumber(closing_balance, currencyExponent(row.currency));
    record.closing_date = row.closing_date;
  }
  if (row.manual_kind !== null) record.manual_kind = row.manual_kind;
  return record;
}

/** JSON schema of the Account record (OpenAPI and the response serializer). */
export const accountSchema = {
  type: 'object',
  required: ['id', 'connection_id', 'name', 'currency', 'balance', 'reference', 'status', 'type', 'creation_date', 'usage'],
  properties: {
    id: { type: 'string' },
    connection_id: { type: 'string' },
    name: { type: 'string' },
    currency: { type: 'string' },
    balance: { type: 'number' },
    balance_date: { type: 'integer' },
    iban: { type: 'string' },
    account_number: { type: 'string' },
    reference: { type: 'string' },
    status: { type: 'string' },
    type: { type: 'string' },
    creation_date: { type: 'integer' },
    owner: { type: 'object', properties: { name: { type: 'string' } } },
    usage: { type: 'string' },
    last_channel_definition_id: { type: 'string' },
    payment_destination: { type: 'boolean' },
    payment_source: { type: 'boolean' },
    savings: {
      type: 'object',
      additionalProperties: true,
      description: 'SAVINGS accounts: type, savings_type, yield_rate, capital_gain {amount, percent}, effect_date, invested_raw.',
    },
    loan: { type: 'object', additionalProperties: true, 'x-coffer-extension': true },
    hidden_from_totals: {
      type: 'boolean',
      enum: [true],
      description: 'Extension: the person keeps this account out of totals (PUT /accounts/{id}/preferences). Present only when true.',
      'x-coffer-extension': true,
    },
    consent_declined: {
      type: 'boolean',
      enum: [true],
      description:
        'Extension: the person chose not to share this account (left unticked or withdrawn on the consent screen: ' +
        '`decline` of the widget consent change); it is not waiting for a decision. Present only when true, on a ' +
        'PENDING_CONSENT account.',
      'x-coffer-extension': true,
    },
    closing_balance: {
      type: 'number',
      description:
        'Extension: for an account closed by PUT /accounts/{id} (its balance is 0 since), the balance it had when closed. Present only then.',
      'x-coffer-extension': true,
    },
    manual_kind: {
      type: 'string',
      enum: ['CASH', 'CHECKINGS', 'SAVINGS', 'PROPERTY', 'LOAN', 'CREDIT_CARD'],
      description:
        'Extension: present on an account of a manual connection (status MANUAL): what it holds. The balance of every ' +
        'account includes the person\'s manual transactions (POST /manual_transactions).',
      'x-coffer-extension': true,
    },
    closing_date: {
      type: 'integer',
      description: 'Extension: when the account was closed by PUT /accounts/{id} (timestamp). Present with closing_balance.',
      'x-coffer-extension': true,
    },
  },
} as const;
