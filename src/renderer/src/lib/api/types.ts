/** The API's records (interface.md + contract.md C6). Optional fields are left out by the server, never null. */

import {
  ACCOUNT_STATUSES,
  ACCOUNT_TYPES,
  CHANNEL_STATUSES,
  TRANSACTION_STATUSES,
  USER_SCOPES,
  type AccountStatus,
  type AccountType,
  type ChannelStatus,
  type TransactionStatus,
  type UserScope,
} from '../../../../shared/api-values';

export { ACCOUNT_STATUSES, ACCOUNT_TYPES, TRANSACTION_STATUSES, USER_SCOPES };
export type { AccountStatus, AccountType, TransactionStatus, UserScope };

/** Every status a connection or one of its channels can show (connection statuses plus EMPTY). */
export const CONNECTION_STATUSES = CHANNEL_STATUSES;
export type ConnectionStatus = ChannelStatus;

export type ChannelMode = 'REDIRECT' | 'EMBEDDED';

export interface Savings {
  type?: string;
  savings_type?: string;
  yield_rate?: number;
  capital_gain?: { amount: number; percent: number };
  effect_date?: number;
  invested_raw?: number;
}

export interface Account {
  id: string;
  connection_id: string;
  name: string;
  currency: string;
  balance: number;
  balance_date?: number;
  iban?: string;
  account_number?: string;
  reference?: string;
  status: AccountStatus;
  type: AccountType;
  creation_date: number;
  owner?: { name: string };
  usage?: 'PERSONAL' | 'PROFESSIONAL';
  last_channel_definition_id?: string;
  payment_destination?: boolean;
  payment_source?: boolean;
  savings?: Savings;
  /** Loan data, when the engine gives it (not in interface.md; shown when present). */
  loan?: Record<string, unknown>;
}

export interface Credential {
  id: string;
  masked_value: string;
}

export interface Channel {
  channel_definition_id: string;
  mode: ChannelMode;
  status: ConnectionStatus;
  expires?: number;
  last_success_date?: number;
  last_end_date?: number;
  credentials: Credential[];
  account_types: AccountType[];
  channel_definition_unavailable?: boolean;
}

export interface Connection {
  id: string;
  user_id?: string;
  provider_id: string;
  name: string;
  status: ConnectionStatus;
  creation_date: number;
  auto_sync: boolean;
  logo_url?: string;
  channels: Channel[];
  owner?: { name: string };
  consent_per_account?: boolean;
  account_count?: number;
  accounts?: Account[];
}

export type CredentialType = 'TEXT' | 'PWD' | 'AUTHORIZATION_CODE' | 'ACCESS_TOKEN' | 'REFRESH_TOKEN' | 'STATE';

export interface CredentialDefinition {
  id: string;
  label: string;
  type: CredentialType;
  encrypt: boolean;
  regexp?: string;
}

export interface ChannelDefinition {
  id: string;
  mode: ChannelMode;
  account_types: AccountType[];
  interactive: boolean;
  credentials: CredentialDefinition[];
  unavailable: boolean;
  capabilities?: string[];
}

export interface Provider {
  id: string;
  name: string;
  base_url?: string;
  logo_url?: string;
  country_code: string;
  type?: 'BANKING' | 'DOCUMENT';
  channel_definitions: ChannelDefinition[];
}

export interface Transaction {
  id: string;
  account_id: string;
  amount: number;
  currency: string;
  date: number;
  import_date: number;
  booking_date?: number;
  value_date?: number;
  last_update_date?: number;
  label: string;
  notes?: string;
  remittance_information?: string[];
  source?: { label: string };
  type?: string;
  origin?: string;
  category_id?: string;
  status: TransactionStatus;
}

export interface Category {
  id: string;
  label: string;
  type: 'EXPENSE' | 'INCOME' | 'TRANSFER' | 'OTHER';
  parent?: { id: string; label: string };
}

/** A public JSON Web Key (RFC 7517). */
export type Jwk = { kty: string; kid?: string; [member: string]: unknown };

export interface EncryptionKey {
  id: string;
  algorithm: string;
  public_key: string;
  jwk: Jwk;
  creation_date: number;
  expires: number;
}

export interface User {
  id: string;
  email: string;
  first_name?: string;
  last_name?: string;
  creation_date: number;
  terms_accepted_version?: number;
  terms_current_version?: number;
}

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

export interface ChallengeRequired {
  fields: CredentialDefinition[];
  message: string;
  expires: number;
}

export interface QueueEvent {
  id: string;
  event_type: string;
  resource_type: string;
  channel_definition_id?: string;
  creation_date: number;
  resource: Connection;
  challenge_required?: ChallengeRequired;
  list_accounts_success?: { accounts: ListedAccount[] };
}

export interface Queue {
  id: string;
  creation_date: number;
  events: QueueEvent[];
}

/** Signing key (C10): `deprecated` is an ISO date-time or null. */
export interface SignKey {
  id: string;
  public_key: string;
  deprecated?: string | null;
}

export interface PersonalToken {
  id: string;
  name: string;
  scopes: string[];
  creation_date: number;
  /** Only in the creation answer. */
  token?: string;
}

export interface OAuthClient {
  client_id: string;
  name: string;
  type: 'confidential' | 'public';
  redirect_uris: string[];
  scopes: string[];
  integrator?: boolean;
  creation_date: number;
  /** Only in the creation answer of a confidential client. */
  client_secret?: string;
}

export interface WebhookConfig {
  url: string;
  secret?: string;
}

export interface WebhookDelivery {
  id: string;
  event_id: string;
  url: string;
  status_code?: number;
  outcome: string;
  duration_ms: number;
  error?: string;
  creation_date: number;
  connection_id?: string;
  user_id?: string;
}

export interface AdminSettings {
  sync_interval_hours?: number;
  challenge_timeout_seconds?: number;
  webhook_accounts_threshold?: number;
  [key: string]: unknown;
}

export interface AppStatus {
  has_owner: boolean;
  terms_version: number;
  data_dir: string;
  app_client_id: string;
  host_url?: string;
  base_url?: string;
  auth_url?: string;
  widget_url?: string;
}

export interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  token_type: string;
  expires_in: number;
  scope?: string;
  user_id?: string;
  id_token?: string;
}

