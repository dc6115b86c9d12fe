// Generated from SQL; edit as SQL. Each migration is applied once, in order, inside a transaction.
export default /* sql */ `
-- The European Central Bank's euro reference rates: units of \`currency\` for one euro on \`date\`
-- (YYYY-MM-DD, the ECB's publication day). Kept so that conversions work offline; a fetch only adds or
-- replaces days, it never empties the table.
CREATE TABLE fx_rates (
  currency TEXT NOT NULL,
  date     TEXT NOT NULL,
  rate     REAL NOT NULL,
  PRIMARY KEY (currency, date)
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
