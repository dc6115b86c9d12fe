/**
 * The value sets of the API's records, their states and its scopes (docs/api/records.md,
 * docs/api/auth-and-scopes.md#scopes). Plain constants shared by the engine and the renderer (the one module both may
 * import: layering forbids the renderer to import the engine).
 */

export const ACCOUNT_TYPES = ['CHECKINGS', 'SAVINGS', 'LOAN', 'CREDIT_CARD'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Account types a REDIRECT (PSD2) channel can cover. */
export const PSD2_ACCOUNT_TYPES: readonly AccountType[] = ['CHECKINGS', 'CREDIT_CARD'];

export const ACCOUNT_STATUSES = [
  'MANUAL',
  'ACTIVE',
  'ERROR',
  'NOT_FOUND',
  'CLOSED',
  'SUSPENDED',
  'PENDING_CONSENT',
  'UNAVAILABLE',
] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const ACCOUNT_USAGES = ['PERSONAL', 'PROFESSIONAL'] as const;
export type AccountUsage = (typeof ACCOUNT_USAGES)[number];

/** Channel (and connection) statuses that mean "the run ended badly" (account status table, ERROR row). */
export const FAILED_STATUSES = [
  'FAILED',
  'AUTH_FAILED',
  'TOO_MANY_ATTEMPTS',
  'TOKEN_EXPIRED',
  'SERVICE_UNAVAILABLE',
  'PASSWORD_CHANGE_REQUIRED',
  'USER_ACTION_REQUIRED',
  'CHALLENGE_REQUIRED',
  'CHALLENGE_TIMED_OUT',
  'CHALLENGE_FAILED',
  'CHALLENGE_CANCELLED',
] as const;
export type FailedStatus = (typeof FAILED_STATUSES)[number];

/**
 * Connection status values (docs/api/records.md#connection-status), TOKEN_EXPIRED included (a consent that ran out;
 * also a channel status).
 */
export const CONNECTION_STATUSES = [
  'NONE',
  'NEVER',
  'RUNNING',
  'PARTIAL_SUCCESS',
  'SUCCESS',
  'FAILED',
  'AUTH_FAILED',
  'TOO_MANY_ATTEMPTS',
  'SERVICE_UNAVAILABLE',
  'PASSWORD_CHANGE_REQUIRED',
  'USER_ACTION_REQUIRED',
  'CHALLENGE_REQUIRED',
  'CHALLENGE_TIMED_OUT',
  'CHALLENGE_FAILED',
  'CHALLENGE_CANCELLED',
  'NEEDS_SECRET',
  'CLOSED',
  'TOKEN_EXPIRED',
] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** Channels use every connection status plus EMPTY (a definition the user could add but has not used). */
export const CHANNEL_STATUSES = [...CONNECTION_STATUSES, 'EMPTY'] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];

export const CHANNEL_MODES = ['REDIRECT', 'EMBEDDED'] as const;
export type ChannelMode = (typeof CHANNEL_MODES)[number];

export const TRANSACTION_STATUSES = [
  'BOOKED',
  'PENDING',
  'OTHER',
  'EXPIRED',
  'REJECTED',
  'CANCELLED',
  'REFUNDED',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_TYPES = [
  'CREDIT',
  'DEBIT',
  'INTEREST',
  'DIVIDEND',
  'BANK_FEE',
  'DEPOSIT',
  'ATM',
  'POINT_OF_SALE',
  'CREDIT_CARD_PAYMENT',
  'INTERNAL_TRANSFER',
  'POTENTIAL_TRANSFER',
  'CHECK',
  'ELECTRONIC_PAYMENT',
  'CASH',
  'DIRECT_DEPOSIT',
  'DIRECT_DEBIT',
  'REPEATING_PAYMENT',
  'OTHER',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_ORIGINS = ['TRANSACTION'] as const;

export const PROVIDER_TYPES = ['BANKING', 'DOCUMENT'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

export const CATEGORY_TYPES = ['EXPENSE', 'INCOME', 'TRANSFER', 'OTHER'] as const;

export const CREDENTIAL_TYPES = [
  'TEXT',
  'PWD',
  'AUTHORIZATION_CODE',
  'ACCESS_TOKEN',
  'REFRESH_TOKEN',
  'STATE',
] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

/**
 * OAuth scopes of docs/api/auth-and-scopes.md#scopes, plus the extension scopes `transactions_manage` (edit
 * transactions and categorization rules) and `admin` (client tokens that administer the installation).
 */
export const USER_SCOPES = [
  'accounts_manage',
  'accounts_read',
  'connections_manage',
  'connections_sync',
  'transactions_read',
  'transactions_manage',
  'profile',
  'profile_edit',
] as const;
export type UserScope = (typeof USER_SCOPES)[number];

/**
 * What a client gets when it asks for no scope: the user scopes without the extensions
 * (docs/api/auth-and-scopes.md#scopes). An extension scope (transactions_manage) is granted only when asked for by
 * name, so a script written against the published interface never holds more than it knew about.
 */
export const DEFAULT_USER_SCOPES: readonly UserScope[] = USER_SCOPES.filter((s) => s !== 'transactions_manage');

export const CLIENT_SCOPES = ['users_create', 'admin'] as const;
export type ClientScope = (typeof CLIENT_SCOPES)[number];
