/**
 * The connector contract: what a provider module gives the synchronization engine.
 *
 * A provider is one module exporting a `Connector`: its catalogue definition plus the functions that talk
 * to the bank. The engine owns everything else (scheduling, persistence, dedup by transaction key,
 * statuses, events, challenges' timeouts). Adding a bank is adding one module and listing it in
 * `registry.ts`.
 *
 * Conventions: amounts are exact decimal text with a dot ("-12.30", see domain/money.ts); timestamps are
 * integer UTC seconds; every object a connector returns is plain JSON-serializable data.
 */

import type { Language } from '../../../shared/language';

export type AccountType = 'CHECKINGS' | 'SAVINGS' | 'LOAN' | 'CREDIT_CARD';
export const ACCOUNT_TYPES: readonly AccountType[] = ['CHECKINGS', 'SAVINGS', 'LOAN', 'CREDIT_CARD'];

export type CredentialType = 'TEXT' | 'PWD' | 'AUTHORIZATION_CODE' | 'ACCESS_TOKEN' | 'REFRESH_TOKEN' | 'STATE';

export interface CredentialDefinition {
  id: string;
  label: string;
  type: CredentialType;
  /** true: the value must reach the API as a JWE made with a key from POST /keys. */
  encrypt: boolean;
  /** The pattern the (decrypted) value must match, as a JavaScript RegExp source. */
  regexp: string;
  label_fr?: string;
}

export type ChannelMode = 'REDIRECT' | 'EMBEDDED';

export interface ChannelDefinition {
  /** `<provider_id>00` for EMBEDDED, `<provider_id>01` for REDIRECT (see docs/api/providers-and-test-bank.md#ids). */
  id: string;
  mode: ChannelMode;
  account_types: AccountType[];
  interactive: boolean;
  credentials: CredentialDefinition[];
  unavailable: boolean;
  capabilities: string[];
}

export type ProviderType = 'BANKING' | 'DOCUMENT';

export interface ProviderDefinition {
  id: string;
  name: string;
  /** The name in French, when it is a description rather than a brand ("Relevés de compte"). */
  name_fr?: string;
  type: ProviderType;
  /** ISO 3166 alpha-3. */
  country_code: string;
  base_url: string;
  /** File name in resources/logos. */
  logo: string;
  channel_definitions: ChannelDefinition[];
}

export type AccountUsage = 'PERSONAL' | 'PROFESSIONAL';

/** Money values are decimal text, rates and percentages are numbers (percent, 1.7 = 1.7 %). */
export interface SavingsDetails {
  /** Values seen: OTHER, LIVA (Livret A), PEA. */
  type: string;
  /** Values seen: LIQUID, SHARES. */
  savings_type: string;
  /** Yearly yield in percent. */
  yield_rate?: number;
  capital_gain?: { amount: string; percent: number };
  /** Opening (effect) date of the product. */
  effect_date?: number;
  /** Net amount paid in (deposits minus withdrawals). */
  invested_raw?: string;
}

export interface LoanDetails {
  /** Free text, e.g. CONSUMER, CAR, MORTGAGE. */
  type?: string;
  total_amount: string;
  /** Principal still owed, positive. */
  remaining_amount: string;
  /** Yearly nominal rate in percent. */
  rate: number;
  maturity_date: number;
  start_date?: number;
  monthly_payment?: string;
  next_payment_date?: number;
  duration_months?: number;
}

export interface ProviderAccount {
  /** Stable identifier of the product at the bank, the same through every channel of the provider. */
  reference: string;
  name: string;
  type: AccountType;
  currency: string;
  iban?: string;
  account_number?: string;
  owner?: { name: string };
  usage: AccountUsage;
  payment_source?: boolean;
  payment_destination?: boolean;
  /** Booked balance (PENDING transactions not included); negative for a LOAN (principal owed). */
  balance: string;
  balance_date: number;
  savings?: SavingsDetails;
  loan?: LoanDetails;
}

/** The API's transaction types (docs/api/records.md#transaction). */
export type TransactionType =
  | 'CREDIT'
  | 'DEBIT'
  | 'INTEREST'
  | 'DIVIDEND'
  | 'BANK_FEE'
  | 'DEPOSIT'
  | 'ATM'
  | 'POINT_OF_SALE'
  | 'CREDIT_CARD_PAYMENT'
  | 'INTERNAL_TRANSFER'
  | 'POTENTIAL_TRANSFER'
  | 'CHECK'
  | 'ELECTRONIC_PAYMENT'
  | 'CASH'
  | 'DIRECT_DEPOSIT'
  | 'DIRECT_DEBIT'
  | 'REPEATING_PAYMENT'
  | 'OTHER';

export const TRANSACTION_TYPES: readonly TransactionType[] = [
  'CREDIT', 'DEBIT', 'INTEREST', 'DIVIDEND', 'BANK_FEE', 'DEPOSIT', 'ATM', 'POINT_OF_SALE',
  'CREDIT_CARD_PAYMENT', 'INTERNAL_TRANSFER', 'POTENTIAL_TRANSFER', 'CHECK', 'ELECTRONIC_PAYMENT', 'CASH',
  'DIRECT_DEPOSIT', 'DIRECT_DEBIT', 'REPEATING_PAYMENT', 'OTHER',
];

/**
 * What a connector reports. CANCELLED and REJECTED are for a provider that says so itself (Enable Banking's
 * CNCL and RJCT, docs/api/enablebanking.md#synchronization): the row is stored with that status (never in balances), a
 * pending row of the same key ends in place. The engine still ends a pending row the provider no longer shows
 * (CANCELLED, or EXPIRED when old) on its own.
 */
export type ProviderTransactionStatus = 'BOOKED' | 'PENDING' | 'CANCELLED' | 'REJECTED';

export const PROVIDER_TRANSACTION_STATUSES: readonly ProviderTransactionStatus[] = ['BOOKED', 'PENDING', 'CANCELLED', 'REJECTED'];

export interface ProviderTransaction {
  /** Stable id at the bank (a PENDING row keeps it when it books). Absent ⇒ the engine derives one (transaction-key.ts). */
  key?: string;
  date: number;
  booking_date?: number;
  value_date?: number;
  /** Signed decimal text, in `currency`. */
  amount: string;
  /** Absent ⇒ the account's currency. */
  currency?: string;
  /** Cleaned label. */
  label: string;
  /** Raw bank text (becomes the transaction's `notes`). */
  raw: string;
  remittance_information?: string[];
  /** Becomes `source.label`. */
  counterparty?: string;
  type: TransactionType;
  status: ProviderTransactionStatus;
  /** A category id of resources/categories.json; absent ⇒ the engine runs domain/categorize.ts. */
  category_id?: string;
}

export interface AccountFetchResult {
  reference: string;
  balance: string;
  balance_date: number;
  transactions: ProviderTransaction[];
  /**
   * true ⇒ the PENDING rows returned are all the account's pending rows: a previously PENDING transaction
   * that is neither returned BOOKED nor PENDING any more was cancelled/expired at the bank.
   */
  pending_complete?: boolean;
  /**
   * With `pending_complete`: only PENDING rows dated at or after this time (UTC seconds)
   * are judged — the answer covered those dates only; an older pending row is left as it is.
   */
  pending_covered_from?: number;
  /**
   * true ⇒ when a pending row posts, this provider reports it under a NEW key (SimpleFIN,
   * Enable Banking). The engine then settles it by the rule of domain/pending-settlement.ts: a booked row of
   * the same account with the same payee or text, posted within 7 days after the pending row's date, with an
   * amount within 25 % of it, takes the pending row's place (same Coffer id, now BOOKED with the posted amount
   * and date); there is never a second row.
   */
  pending_settles_by_match?: boolean;
}

export interface ChallengeRequest {
  fields: CredentialDefinition[];
  message: string;
  /**
   * How many answers the bank still accepts for this question, this one included (1: the last). A bank that
   * allows several asks again after a wrong answer (a new `challenge()`), and says so in `message`; the
   * engine passes the number on in the CHALLENGE_REQUIRED event (extension `attempts_left`).
   */
  attempts_left?: number;
}

/** What `exchangeCode` returns and what the engine hands back in `ConnectorContext.grant` on later runs. */
export interface ConsentGrant {
  access_token: string;
  refresh_token?: string;
  /** Consent end (UTC seconds); the channel's `expires`. */
  expires: number;
  /** Account references the user consented to; absent ⇒ all those the channel covers. */
  accounts?: string[];
  /**
   * The connector's own memory about this consent, kept with the grant in the OS keychain only (never in the
   * database): e.g. Enable Banking's per-session account uids, which are only valid for that session.
   */
  details?: Record<string, unknown>;
}

/**
 * Installation-wide configuration of a connector, set through the admin API (docs/api/enablebanking.md#configuration:
 * Enable Banking's application id and private key). The public part is kept in the settings, the secret in the OS
 * keychain only. The engine hands it to every hook of the connector; it is absent while the connector is not
 * configured.
 */
export interface ConnectorConfiguration {
  /** Public values (may be shown through the API). */
  values: Readonly<Record<string, unknown>>;
  /** The secret part (never shown, never written to the database or the logs). */
  secret: string;
}

/**
 * The catalogue provider a run or a consent is for. A connector with `dynamicProviders` serves many
 * providers and learns which one from here; `details` are the public values its `list` gave for it.
 */
export interface ConnectorProvider {
  id: string;
  name: string;
  country_code: string;
  details?: Readonly<Record<string, unknown>>;
}

/** A provider a connector contributes to the catalogue at run time (`dynamicProviders.list`). */
export interface ListedProvider {
  /** What identifies this provider at the connector, stable across refreshes (the engine maps it to an id). */
  key: string;
  name: string;
  country_code: string;
  /** File name in resources/logos (a generic one: remote logos are not fetched). */
  logo: string;
  base_url: string;
  /** Channel definitions with `id` = the suffix only ("01" for REDIRECT): the engine prefixes the provider id. */
  channel_definitions: ChannelDefinition[];
  /** Public values handed back as `ConnectorProvider.details` (consent validity, required headers…). */
  details: Record<string, unknown>;
}

/** What the engine hands a connector's installation-level hooks (no channel, no connection). */
export interface ConnectorEnvironment {
  configuration?: ConnectorConfiguration;
  provider?: ConnectorProvider;
  signal: AbortSignal;
  now(): number;
}

/**
 * Everything a connector may use during one run. The engine makes ONE context per run of one channel and
 * passes that same object to `listAccounts` and every `fetchAccount` of the run (connectors keep their
 * per-run session, e.g. the authenticated state, keyed by this object).
 */
export interface ConnectorContext {
  /**
   * The connection this run serves (decimal id as the API shows it, as a number). A connector may key what
   * it keeps per connection on it (the statements connector reads that connection's files); it never uses it
   * to reach the engine's data.
   */
  connectionId: number;
  channelDefinitionId: string;
  /** Decrypted credential values by credential-definition id. */
  credentials: Readonly<Record<string, string>>;
  /**
   * Per-channel connector memory, JSON-serializable, mutated in place by the connector. The engine loads it
   * before the run and saves it with the run's results (same database transaction; discarded on failure).
   */
  state: Record<string, unknown>;
  /**
   * Provider-wide memory (one object per provider, shared by every connection and channel of that provider),
   * JSON-serializable, mutated in place. It models the bank's own server side (failure counters per login,
   * a simulated bank's data). The engine keeps one live object per provider, passes that same object to
   * every run, and saves it after EVERY run whatever its outcome (a failed login must still count).
   * Optional: a connector that needs it falls back to process memory when it is absent.
   */
  bankState?: Record<string, unknown>;
  /** REDIRECT channels: the grant obtained with `exchangeCode` (kept by the engine in the secret store). */
  grant?: ConsentGrant;
  /** Last successful synchronization of this channel; the connector may return older rows, the engine dedups. */
  since?: number;
  /** Aborted when the user cancels or the run must stop; connectors then reject with `signal.reason`. */
  signal: AbortSignal;
  /** Current time, UTC seconds (injectable for tests). */
  now(): number;
  /**
   * Asks the user (CHALLENGE_REQUIRED) and resolves with the answers by field id. The engine rejects it on
   * timeout (CHALLENGE_TIMED_OUT) or cancellation (CHALLENGE_CANCELLED); connectors let that rejection through.
   */
  challenge(req: ChallengeRequest): Promise<Record<string, string>>;
  progress(done: number, total: number, message?: string): void;
  /** The connector's installation-wide configuration, when it has one (see `Connector.configurationName`). */
  configuration?: ConnectorConfiguration;
  /** The catalogue provider of this channel (connectors serving a dynamic catalogue need it). */
  provider?: ConnectorProvider;
  /**
   * true ⇒ nobody asked for this run (automatic synchronization): PSD2 limits such "unattended" reads (about
   * 4 per account and endpoint a day). Absent or false ⇒ the person started it and is present.
   */
  unattended?: boolean;
  /**
   * Optional (the engine provides it). Replaces this channel's secret in the OS keychain (only there) with `values`, e.g. a
   * one-time setup token by the access it was exchanged for; `{}` forgets it. The values are added to the
   * run's redaction list. Later runs see them in `credentials`. Throws when the keychain cannot keep them.
   */
  replaceSecrets?(values: Record<string, string>): void;
  /**
   * Optional (the engine provides it). Part of what the provider holds could not be read although the
   * accounts listed can be synchronized (a statement file among good ones): the run still writes what it
   * read, the channel ends PARTIAL_SUCCESS with `reason` (no credential in it) as its error, and the accounts
   * that synchronized stay ACTIVE. Without it, the connector fails the run instead.
   */
  incomplete?(reason: string): void;
}

export type ConnectorErrorStatus =
  | 'AUTH_FAILED'
  | 'TOO_MANY_ATTEMPTS'
  | 'SERVICE_UNAVAILABLE'
  | 'PASSWORD_CHANGE_REQUIRED'
  | 'USER_ACTION_REQUIRED'
  | 'CHALLENGE_FAILED'
  | 'TOKEN_EXPIRED'
  | 'FAILED';

/** A failure of the whole channel; `status` becomes the channel status. */
export class ConnectorError extends Error {
  constructor(
    readonly status: ConnectorErrorStatus,
    message: string,
  ) {
    super(message);
    this.name = 'ConnectorError';
  }
}

export type AccountErrorKind = 'ERROR' | 'NOT_FOUND';

/** A failure of one account only (fetchAccount): the account becomes ERROR / NOT_FOUND, the channel PARTIAL_SUCCESS. */
export class AccountError extends Error {
  constructor(
    readonly kind: AccountErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'AccountError';
  }
}

export interface AuthorizeUrlArgs {
  channelDefinitionId: string;
  redirectUri: string;
  state: string;
  /** Where the engine serves this provider's consent page. */
  consentPageUrl: string;
  /**
   * The language of the screen that asked for the address (the app's or the widget's), when it named one the
   * engine speaks: a bank whose pages can follow it is asked to, so a French widget leads to a French page.
   */
  language?: Language;
}

export type ExchangeContext = Pick<ConnectorContext, 'channelDefinitionId' | 'now' | 'signal' | 'configuration' | 'provider'>;

export interface ConsentPageAccount {
  reference: string;
  name: string;
  type: AccountType;
  currency: string;
}

/**
 * For simulated banks whose consent page the engine serves itself (at `consentPageUrl`): the page asks a
 * login, offers `accounts(login)`, and on approval redirects to `redirect_uri?code=<mintCode(…)>&state=…`
 * (on refusal: `?error=access_denied&state=…`, nothing minted). Real banks host their own page and leave
 * this out.
 */
export interface ConsentPageHooks {
  accounts(login: string): ConsentPageAccount[];
  /** An opaque, single-use code that `exchangeCode` accepts for a short time. */
  mintCode(args: { login: string; accounts?: string[]; now?: number }): string;
}

export interface Connector {
  definition: ProviderDefinition;
  /** Authenticates (may challenge) and lists the products the channel covers. */
  listAccounts(ctx: ConnectorContext): Promise<ProviderAccount[]>;
  /**
   * Balance and transactions of one account (those since `ctx.since` at least). Throws AccountError for a
   * failure of this account alone, ConnectorError for the whole channel.
   */
  fetchAccount(ctx: ConnectorContext, account: ProviderAccount): Promise<AccountFetchResult>;
  /** REDIRECT channels: the URL that opens the consent page. */
  authorizeUrl?(args: AuthorizeUrlArgs): string;
  /** REDIRECT channels: turns the code the consent page returned into a grant. */
  exchangeCode?(ctx: ExchangeContext, code: string): Promise<ConsentGrant>;
  /** Simulated banks only: what the engine's own consent page needs. */
  consentPage?: ConsentPageHooks;
  /**
   * REDIRECT channels whose consent URL needs a call to the provider (Enable Banking's POST /auth): used by
   * authorize_url instead of `authorizeUrl`. Rejects with ConnectorError for an input the provider refuses
   * (the message says why, e.g. which redirect URLs are registered).
   */
  startConsent?(args: AuthorizeUrlArgs, env: ConnectorEnvironment): Promise<string>;
  /**
   * Ends the consent at the provider when the connection is deleted (Enable Banking: DELETE /sessions/{id}).
   * Best effort: the engine deletes the connection whatever happens.
   */
  closeConsent?(grant: ConsentGrant, env: ConnectorEnvironment): Promise<void>;
  /**
   * Name of the connector's installation-wide configuration (admin API `/admin/connectors/<name>`). The
   * engine keeps it and hands it over as `configuration`.
   */
  configurationName?: string;
  /**
   * Checks a configuration given through the admin API with the provider (Enable Banking: GET /application)
   * and returns what to keep. Rejects with ConnectorError whose message says why the provider refused it.
   */
  configure?(input: Readonly<Record<string, string>>, env: ConnectorEnvironment): Promise<ConnectorConfiguration>;
  /**
   * How many accounts of one channel the engine may fetch at once (`fetchAccount` calls in flight); absent ⇒ 1,
   * one after the other. A connector sets it only when its provider serves concurrent reads of one consent
   * and its `fetchAccount` keeps per-account state apart (each call gets its own context object, sharing
   * `state`, `bankState` and `grant`).
   */
  accountConcurrency?: number;
  /**
   * A connector that contributes many providers to the catalogue (one per bank it reaches) rather than its
   * own `definition` alone. The engine lists them while the connector is configured (daily and when the
   * configuration changes) and gives each a provider id `<idPrefix><4 digits>` allocated once per `key` and
   * never reused, so that a bank keeps its id across refreshes. `definition` is then only a template: it is
   * not listed in the catalogue.
   */
  dynamicProviders?: {
    idPrefix: string;
    list(env: ConnectorEnvironment): Promise<ListedProvider[]>;
  };
  /**
   * Checks decrypted credential values when a connection is created or its credentials are
   * replaced, BEFORE anything is stored or contacted: returns why they are unusable (the 400
   * `invalid_request` text; it must never quote a value), or undefined when they may be used.
   */
  validateCredentials?(channelDefinitionId: string, values: Readonly<Record<string, string>>): string | undefined;
}
