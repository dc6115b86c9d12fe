// Generated from SQL; edit as SQL. Each migration is applied once, in order, inside a transaction.
export default /* sql */ `
-- The European Central Bank's euro reference rates, one row per publication day (YYYY-MM-DD): \`rates\` lists
-- the units of each currency for one euro as ';USD=1.0565;JPY=120.83;…;'. A day per row, not a rate per row:
-- the whole history since 1999 is then about 7,000 rows instead of 200,000, written in a small part of the
-- time. Kept so that conversions work offline; a fetch only adds or merges days, it never empties the table.
CREATE TABLE fx_rate_days (
  date  TEXT PRIMARY KEY,
  rates TEXT NOT NULL
) STRICT, WITHOUT ROWID;

-- A person's own rates: one unit of from_currency is \`rate\` units of to_currency from \`date\` on, until the
-- next rate of either source. The inverse pair follows (looked up both ways).
CREATE TABLE user_fx_rates (
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  from_currency TEXT NOT NULL,
  to_currency   TEXT NOT NULL,
  date          TEXT NOT NULL,
  rate          REAL NOT NULL,
  PRIMARY KEY (user_id, from_currency, to_currency, date)
) STRICT, WITHOUT ROWID;
`;
