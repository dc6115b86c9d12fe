// Generated from SQL; edit as SQL. Each migration is applied once, in order, inside a transaction.
export default /* sql */ `
-- Coffer's first schema: it already fits the whole API described in docs/api/.
-- Ids are INTEGER rowids exposed as decimal strings (clients treat them as opaque: see docs/api/ids-and-times.md#ids).
-- Money: integer minor units of the row's currency (see domain/money.ts), never floats.
-- Secrets (bank credentials, consent tokens, signing private keys) are NOT here: they live in the OS keychain.

CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL                       -- JSON
) STRICT;

CREATE TABLE users (
  id                     INTEGER PRIMARY KEY,
  email                  TEXT NOT NULL COLLATE NOCASE UNIQUE,
  password_hash          TEXT NOT NULL,     -- scrypt, self-describing string
  first_name             TEXT,
  last_name              TEXT,
  gender                 TEXT,
  birthdate              TEXT,
  street                 TEXT,
  postcode               TEXT,
  city                   TEXT,
  country                TEXT,
  terms_accepted_version INTEGER,
  rollout_batch          TEXT,              -- step-1 roll-out batch membership of the user, if any (docs/api/rollout.md#batches)
  creation_date          INTEGER NOT NULL
) STRICT;

CREATE TABLE user_properties (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key     TEXT NOT NULL,
  value   TEXT NOT NULL,
  PRIMARY KEY (user_id, key)
) STRICT, WITHOUT ROWID;

CREATE TABLE oauth_clients (
  id            TEXT PRIMARY KEY,
  secret_hash   TEXT,                       -- NULL for public clients
  name          TEXT NOT NULL,
  redirect_uris TEXT NOT NULL DEFAULT '[]', -- JSON array
  scopes        TEXT NOT NULL DEFAULT '',   -- client_credentials scopes it may ask for (space separated)
  is_integrator INTEGER NOT NULL DEFAULT 0,
  creation_date INTEGER NOT NULL,
  revoked_date  INTEGER
) STRICT;

-- Access tokens, refresh tokens, authorization codes and personal access tokens: only their SHA-256.
CREATE TABLE oauth_tokens (
  hash           TEXT PRIMARY KEY,
  kind           TEXT NOT NULL CHECK (kind IN ('access', 'refresh', 'code', 'pat')),
  client_id      TEXT REFERENCES oauth_clients (id) ON DELETE CASCADE,
  user_id        INTEGER REFERENCES users (id) ON DELETE CASCADE,
  scopes         TEXT NOT NULL,             -- space separated
  family_id      TEXT,                      -- refresh-token rotation family
  name           TEXT,                      -- personal access tokens
  redirect_uri   TEXT,                      -- codes
  code_challenge TEXT,                      -- codes (PKCE S256)
  creation_date  INTEGER NOT NULL,
  expires        INTEGER,                   -- NULL: does not expire (PAT)
  used_date      INTEGER,                   -- codes and rotated refresh tokens
  revoked_date   INTEGER
) STRICT;
CREATE INDEX oauth_tokens_user ON oauth_tokens (user_id, kind);
CREATE INDEX oauth_tokens_family ON oauth_tokens (family_id);

CREATE TABLE providers (
  id            TEXT PRIMARY KEY,
  name          TEXT NOT NULL,
  type          TEXT NOT NULL CHECK (type IN ('BANKING', 'DOCUMENT')),
  country_code  TEXT NOT NULL,
  base_url      TEXT NOT NULL,
  logo          TEXT NOT NULL,
  position      INTEGER NOT NULL DEFAULT 0,
  rollout       TEXT NOT NULL DEFAULT '{}'  -- JSON: the roll-out state (docs/api/rollout.md)
) STRICT;

CREATE TABLE channel_definitions (
  id            TEXT PRIMARY KEY,           -- <provider_id>00 EMBEDDED, <provider_id>01 REDIRECT (see docs/api/providers-and-test-bank.md#ids)
  provider_id   TEXT NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  mode          TEXT NOT NULL CHECK (mode IN ('REDIRECT', 'EMBEDDED')),
  account_types TEXT NOT NULL,              -- JSON array
  interactive   INTEGER NOT NULL DEFAULT 1,
  credentials   TEXT NOT NULL,              -- JSON array of credential definitions
  unavailable   INTEGER NOT NULL DEFAULT 0,
  capabilities  TEXT NOT NULL DEFAULT '[]'
) STRICT;
CREATE INDEX channel_definitions_provider ON channel_definitions (provider_id);

CREATE TABLE categories (
  id        TEXT PRIMARY KEY,
  parent_id TEXT REFERENCES categories (id),
  type      TEXT NOT NULL CHECK (type IN ('EXPENSE', 'INCOME', 'TRANSFER', 'OTHER')),
  label_en  TEXT NOT NULL,
  label_fr  TEXT NOT NULL,
  position  INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX categories_parent ON categories (parent_id);
CREATE INDEX categories_type ON categories (type);

CREATE TABLE connections (
  id                  INTEGER PRIMARY KEY,
  user_id             INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider_id         TEXT NOT NULL REFERENCES providers (id),
  name                TEXT NOT NULL,
  status              TEXT NOT NULL,
  auto_sync           INTEGER NOT NULL DEFAULT 1,
  consent_per_account INTEGER NOT NULL DEFAULT 0,
  owner_name          TEXT,
  rollout_member      INTEGER NOT NULL DEFAULT 0, -- the connection belongs to a step-1 batch (docs/api/rollout.md#batches)
  document_settings   TEXT,                 -- JSON (CSV column mapping, QIF date order) for DOCUMENT providers
  next_sync_date      INTEGER,
  creation_date       INTEGER NOT NULL
) STRICT;
CREATE INDEX connections_user ON connections (user_id, creation_date, id);
CREATE INDEX connections_user_status ON connections (user_id, status);
CREATE INDEX connections_user_provider ON connections (user_id, provider_id);
CREATE INDEX connections_next_sync ON connections (next_sync_date) WHERE auto_sync = 1;

CREATE TABLE channels (
  id                    INTEGER PRIMARY KEY,
  connection_id         INTEGER NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
  channel_definition_id TEXT NOT NULL REFERENCES channel_definitions (id),
  mode                  TEXT NOT NULL,
  status                TEXT NOT NULL,
  expires               INTEGER,            -- REDIRECT consent expiry
  last_success_date     INTEGER,
  last_end_date         INTEGER,
  masked_credentials    TEXT NOT NULL DEFAULT '[]', -- JSON [{id, masked_value}]; values are in the keychain
  has_secret            INTEGER NOT NULL DEFAULT 0,
  connector_state       TEXT NOT NULL DEFAULT '{}', -- JSON persisted by the connector between runs
  last_error            TEXT,
  UNIQUE (connection_id, channel_definition_id)
) STRICT;

CREATE TABLE accounts (
  id                         INTEGER PRIMARY KEY,
  connection_id              INTEGER NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
  user_id                    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reference                  TEXT NOT NULL, -- the provider's reference
  name                       TEXT NOT NULL,
  currency                   TEXT NOT NULL,
  balance                    INTEGER NOT NULL DEFAULT 0, -- minor units
  balance_date               INTEGER,
  iban                       TEXT,
  account_number             TEXT,
  status                     TEXT NOT NULL,
  type                       TEXT NOT NULL CHECK (type IN ('CHECKINGS', 'SAVINGS', 'LOAN', 'CREDIT_CARD')),
  usage                      TEXT NOT NULL DEFAULT 'PERSONAL' CHECK (usage IN ('PERSONAL', 'PROFESSIONAL')),
  owner_name                 TEXT,
  last_channel_definition_id TEXT,
  payment_source             INTEGER,
  payment_destination        INTEGER,
  savings                    TEXT,          -- JSON
  loan                       TEXT,          -- JSON
  search_text                TEXT NOT NULL DEFAULT '', -- lower-cased text of every text field, for q=
  creation_date              INTEGER NOT NULL,
  UNIQUE (connection_id, reference)
) STRICT;
CREATE INDEX accounts_user ON accounts (user_id, creation_date, id);
CREATE INDEX accounts_user_type ON accounts (user_id, type);
CREATE INDEX accounts_user_status ON accounts (user_id, status);
CREATE INDEX accounts_user_usage ON accounts (user_id, usage);
CREATE INDEX accounts_user_name ON accounts (user_id, name);
CREATE INDEX accounts_connection ON accounts (connection_id);

-- An account the user deleted: later synchronizations must not bring it back (only LIST_ACCOUNTS does).
CREATE TABLE deleted_accounts (
  connection_id INTEGER NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
  reference     TEXT NOT NULL,
  deleted_date  INTEGER NOT NULL,
  PRIMARY KEY (connection_id, reference)
) STRICT, WITHOUT ROWID;

-- The last LIST_ACCOUNTS result per connection (POST /accounts adds only an account listed NEW there).
CREATE TABLE listed_accounts (
  connection_id         INTEGER NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
  reference             TEXT NOT NULL,
  channel_definition_id TEXT NOT NULL,
  status                TEXT NOT NULL CHECK (status IN ('NEW', 'PRESENT', 'MISSING')),
  payload               TEXT NOT NULL,      -- JSON: the provider's account
  creation_date         INTEGER NOT NULL,
  PRIMARY KEY (connection_id, reference)
) STRICT, WITHOUT ROWID;

CREATE TABLE transactions (
  id                     INTEGER PRIMARY KEY,
  account_id             INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  user_id                INTEGER NOT NULL,  -- denormalized for per-user filters (cascade goes through accounts)
  provider_key           TEXT NOT NULL,     -- stable key from the provider or derived (see docs/api/synchronization.md#transaction-keys)
  amount                 INTEGER NOT NULL,  -- minor units, signed
  currency               TEXT NOT NULL,
  date                   INTEGER NOT NULL,
  booking_date           INTEGER,
  value_date             INTEGER,
  import_date            INTEGER NOT NULL,
  last_update_date       INTEGER NOT NULL,
  label                  TEXT NOT NULL,
  notes                  TEXT,
  remittance_information TEXT,              -- JSON array
  source_label           TEXT,
  type                   TEXT NOT NULL,
  origin                 TEXT NOT NULL DEFAULT 'TRANSACTION',
  category_id            TEXT NOT NULL DEFAULT 'UNCATEGORIZED',
  status                 TEXT NOT NULL,
  UNIQUE (account_id, provider_key)
) STRICT;
-- One index per filter of GET /transactions, each led by user_id and ending on the default order.
CREATE INDEX transactions_user_import ON transactions (user_id, import_date, id);
CREATE INDEX transactions_account_import ON transactions (account_id, import_date, id);
CREATE INDEX transactions_user_date ON transactions (user_id, date);
CREATE INDEX transactions_user_amount ON transactions (user_id, amount);
CREATE INDEX transactions_user_category ON transactions (user_id, category_id, import_date, id);
CREATE INDEX transactions_user_status ON transactions (user_id, status, import_date, id);

-- End-of-day balance per account, for balance-over-time charts.
CREATE TABLE balance_history (
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  date       INTEGER NOT NULL,
  balance    INTEGER NOT NULL,
  PRIMARY KEY (account_id, date)
) STRICT, WITHOUT ROWID;

-- Transport keys for credential values (see docs/api/records.md#encryption-key and docs/api/request-bodies.md#keys).
-- The private half stays in engine memory only.
CREATE TABLE encryption_keys (
  id            TEXT PRIMARY KEY,
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  public_key    TEXT NOT NULL,             -- PEM
  jwk           TEXT NOT NULL,             -- JSON
  creation_date INTEGER NOT NULL,
  expires       INTEGER NOT NULL
) STRICT;
CREATE INDEX encryption_keys_user ON encryption_keys (user_id);

-- One row per channel run, for progress, history and crash recovery.
CREATE TABLE sync_runs (
  id            INTEGER PRIMARY KEY,
  connection_id INTEGER NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
  channel_definition_id TEXT NOT NULL,
  type          TEXT NOT NULL CHECK (type IN ('ALL', 'LIST_ACCOUNTS')),
  status        TEXT NOT NULL,              -- RUNNING, then the channel's final status
  started_date  INTEGER NOT NULL,
  ended_date    INTEGER,
  new_transactions INTEGER NOT NULL DEFAULT 0,
  error         TEXT
) STRICT;
CREATE INDEX sync_runs_connection ON sync_runs (connection_id, id);
CREATE INDEX sync_runs_running ON sync_runs (status) WHERE status = 'RUNNING';

-- Pending challenges (see docs/api/synchronization.md#challenges).
CREATE TABLE challenges (
  connection_id         INTEGER NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
  channel_definition_id TEXT NOT NULL,
  fields                TEXT NOT NULL,      -- JSON credential definitions
  message               TEXT NOT NULL,
  expires               INTEGER NOT NULL,
  PRIMARY KEY (connection_id, channel_definition_id)
) STRICT, WITHOUT ROWID;

-- Events (see docs/api/events.md#queues): server-wide increasing ids. A queue sees the events of its user whose id is
-- above start_event_id (subscribed before they happened) and not below flushed_before.
CREATE TABLE events (
  id                    INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id               INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  connection_id         INTEGER,
  event_type            TEXT NOT NULL,
  resource_type         TEXT NOT NULL DEFAULT 'CONNECTION',
  channel_definition_id TEXT,
  creation_date         INTEGER NOT NULL,
  payload               TEXT NOT NULL       -- JSON: the whole event as served
) STRICT;
CREATE INDEX events_user ON events (user_id, id);

CREATE TABLE queues (
  id             INTEGER PRIMARY KEY,
  user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  start_event_id INTEGER NOT NULL,
  flushed_before INTEGER NOT NULL DEFAULT 0,
  creation_date  INTEGER NOT NULL,
  last_read_date INTEGER NOT NULL
) STRICT;
CREATE INDEX queues_user ON queues (user_id);

CREATE TABLE webhook_deliveries (
  id            INTEGER PRIMARY KEY,
  event_id      TEXT NOT NULL,
  user_id       INTEGER,
  connection_id INTEGER,
  url           TEXT NOT NULL,
  status_code   INTEGER,
  outcome       TEXT NOT NULL,              -- delivered, http_error, timeout, network_error
  duration_ms   INTEGER NOT NULL,
  error         TEXT,
  creation_date INTEGER NOT NULL
) STRICT;
CREATE INDEX webhook_deliveries_date ON webhook_deliveries (creation_date, id);

-- Public halves of the response-signing keys (see docs/api/signed-responses.md); private halves are in the keychain.
CREATE TABLE sign_keys (
  id            TEXT PRIMARY KEY,
  public_key    TEXT NOT NULL,             -- PEM
  creation_date INTEGER NOT NULL,
  deprecated    INTEGER                    -- rotation time (served as ISO 8601), NULL while current
) STRICT;

-- Statement files already imported by DOCUMENT connections (issue 8).
CREATE TABLE document_files (
  connection_id INTEGER NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
  name          TEXT NOT NULL,              -- path relative to the folder, or upload name
  sha256        TEXT NOT NULL,
  size          INTEGER NOT NULL,
  mtime         INTEGER,
  format        TEXT,
  status        TEXT NOT NULL,              -- IMPORTED or FAILED
  error         TEXT,
  transactions  INTEGER NOT NULL DEFAULT 0,
  imported_date INTEGER NOT NULL,
  PRIMARY KEY (connection_id, name)
) STRICT, WITHOUT ROWID;
`;
