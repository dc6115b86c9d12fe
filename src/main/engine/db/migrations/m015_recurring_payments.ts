// Generated from SQL; edit as SQL. Each migration is applied once, in order, inside a transaction.
export default /* sql */ `
-- Recurring payments found in a person's history (domain/recurring/finder.ts), one row per series: an
-- account, a currency, a direction and a counterpart (series_key). What the finder last saw is stored
-- beside what the person set (user_name, user_amount, user_period), which wins in what is shown.
-- status: PROPOSED (found, not yet looked at), CONFIRMED, DISMISSED (never proposed again).
-- state: ACTIVE, LATE (the expected payment did not come), ENDED (a whole period later still nothing).
-- price_date: the first payment at the latest new price; missed_date: the expected date a missed-payment
-- event was written for (one event per missed date).
CREATE TABLE recurring_payments (
  id              INTEGER PRIMARY KEY,
  user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id      INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  series_key      TEXT NOT NULL,
  counterpart     TEXT NOT NULL,
  currency        TEXT NOT NULL,
  status          TEXT NOT NULL DEFAULT 'PROPOSED',
  state           TEXT NOT NULL,
  name            TEXT NOT NULL,
  period          TEXT NOT NULL,
  typical_amount  INTEGER NOT NULL,
  amount_min      INTEGER NOT NULL,
  amount_max      INTEGER NOT NULL,
  day_of_month    INTEGER NOT NULL,
  first_date      INTEGER NOT NULL,
  last_date       INTEGER NOT NULL,
  next_date       INTEGER NOT NULL,
  occurrences     INTEGER NOT NULL,
  confidence      REAL NOT NULL,
  price_from      INTEGER,
  price_to        INTEGER,
  price_date      INTEGER,
  missed_date     INTEGER,
  user_name       TEXT,
  user_amount     INTEGER,
  user_period     TEXT,
  creation_date   INTEGER NOT NULL,
  update_date     INTEGER NOT NULL,
  UNIQUE (user_id, series_key)
) STRICT;
CREATE INDEX recurring_payments_account ON recurring_payments (account_id);
`;
