// Generated from SQL; edit as SQL. Each migration is applied once, in order, inside a transaction.
export default /* sql */ `
-- The person's own ledger (docs/manual-ledger.md).
-- A transaction the person entered by hand (the bank does not know it): 1. A synchronization never writes
-- these rows: their provider_key starts with "manual:", which no connector produces.
ALTER TABLE transactions ADD COLUMN manual INTEGER NOT NULL DEFAULT 0;
CREATE INDEX transactions_manual ON transactions (account_id, date) WHERE manual = 1;

-- manual_kind: what an account of a manual connection holds (CASH, PROPERTY, LOAN, CREDIT_CARD, CHECKINGS,
-- SAVINGS); NULL for a bank's account. manual_total: the sum (minor units) of the account's manual
-- transactions, kept with every manual write, so that the balance served is the bank's (or the opening
-- balance the person gave) plus what they entered, without reading the history.
ALTER TABLE accounts ADD COLUMN manual_kind TEXT;
ALTER TABLE accounts ADD COLUMN manual_total INTEGER NOT NULL DEFAULT 0;

-- "Reconciled up to" a day: the statement balance the person read for the end of that day (minor units).
CREATE TABLE account_reconciliations (
  account_id        INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  day               TEXT NOT NULL,        -- YYYY-MM-DD (UTC)
  statement_balance INTEGER NOT NULL,
  creation_date     INTEGER NOT NULL
) STRICT;

-- Manual connections need a provider row (connections.provider_id references providers). It has no channel
-- definition and is left out of the catalogue (GET /providers).
INSERT OR IGNORE INTO providers (id, name, type, country_code, base_url, logo, position)
  VALUES ('manual', 'Manual', 'BANKING', 'XXX', '', 'manual.svg', 1000000);
`;
