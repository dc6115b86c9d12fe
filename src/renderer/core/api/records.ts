/**
 * The API's records, as the renderer (app and widget) uses them. The records themselves are generated from
 * the engine's OpenAPI document (generated/openapi-types.ts, `npm run gen:api-types`), so they cannot drift
 * from what the engine serves. Optional fields are left out by the server, never null.
 *
 * Only the parts the document describes loosely (an object "with any members") are refined here, with the
 * shape the engine documents in prose: an account's savings data, and the payloads of the queue events
 * CHALLENGE_REQUIRED and LIST_ACCOUNTS_SUCCESS.
 */

import {
  ACCOUNT_STATUSES,
  ACCOUNT_TYPES,
  CHANNEL_STATUSES,
  TRANSACTION_STATUSES,
  USER_SCOPES,
  type AccountStatus,
  type AccountType,
  type ChannelMode,
  type ChannelStatus,
  type CredentialType,
  type TransactionStatus,
  type UserScope,
} from '../../../shared/api-values';
import type * as Served from './generated/openapi-types';

export { ACCOUNT_STATUSES, ACCOUNT_TYPES, TRANSACTION_STATUSES, USER_SCOPES };
export type { AccountStatus, AccountType, ChannelMode, CredentialType, TransactionStatus, UserScope };

/** Every status a connection or one of its channels can show (connection statuses plus EMPTY). */
export const CONNECTION_STATUSES = CHANNEL_STATUSES;
export type ConnectionStatus = ChannelStatus;

export type {
  AdminSettings,
  AdminToken,
  AppStatus,
  Backup,
  Budget,
  BudgetCategory,
  BudgetMonth,
  AppTerms,
  ApiErrorBody,
  AuthorizeUrl,
  CategorizationRule,
  Category,
  Channel,
  ChannelDefinition,
  ChallengeRequired,
  Connection,
  Credential,
  CredentialDefinition,
  DocumentSettings,
  EnableBankingApplication,
  EncryptionKey,
  OAuthClient,
  CreatedOAuthClient,
  MergeResult,
  OwnerSession,
  Payee,
  PersonalToken,
  CreatedPersonalToken,
  Provider,
  RecurringDetection,
  RecurringPayment,
  RulesApplied,
  Transfer,
  LedgerOperation,
  RulePreview,
  SignKey,
  StatementFile,
  TokenAnswer,
  Transaction,
  User,
  WebhookConfig,
  WebhookDelivery,
  WebhookStatus,
  WidgetSessionAnswer,
  WidgetSessionCreated,
  WidgetSessionParameters,
  FxRate,
  Forecast,
  RatesRefresh,
  Summary,
  SummaryAccount,
  Report,
  ReportRow,
} from './generated/openapi-types';

/** Savings data of a SAVINGS account (the document describes `savings` in words only). */
export interface Savings {
  type?: string;
  savings_type?: string;
  yield_rate?: number;
  capital_gain?: { amount: number; percent: number };
  effect_date?: number;
  invested_raw?: number;
}

export type Account = Omit<Served.Account, 'savings'> & { savings?: Savings };

/** A public JSON Web Key (RFC 7517). */
export type Jwk = { kty: string; kid?: string; [member: string]: unknown };

/** An account a LIST_ACCOUNTS_SUCCESS event offers for selection. */
export interface ListedAccount {
  reference: string;
  name: string;
  currency: string;
  balance?: number;
  balance_date?: number;
  status: 'MISSING' | 'PRESENT' | 'NEW';
  type: AccountType;
  account_number?: string;
  connection_id?: string;
  payment_destination?: boolean;
  payment_source?: boolean;
}

/** A queue event; `challenge_required` and `list_accounts_success` are typed by their documented shape. */
export type QueueEvent = Omit<Served.QueueEvent, 'challenge_required' | 'list_accounts_success'> & {
  challenge_required?: Served.ChallengeRequired;
  list_accounts_success?: { accounts: ListedAccount[] };
};

export type Queue = Omit<Served.Queue, 'events'> & { events: QueueEvent[] };
