// Generated from SQL; edit as SQL. Each migration is applied once, in order, inside a transaction.
export default /* sql */ `
-- A person's budget (docs/budgets.md): its style and the month it starts.
-- style: ENVELOPE (money assigned from what is available, carried month to month) or TRACKING (a planned
-- amount per month, nothing carries). start_month: YYYY-MM, the first month counted.
CREATE TABLE budgets (
  user_id       INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  style         TEXT NOT NULL,
  start_month   TEXT NOT NULL,
  creation_date INTEGER NOT NULL
) STRICT;

-- What the person chose for a category of their budget: whether a surplus or a deficit carries over to the
-- next month, and its target (target_kind MONTHLY with target_amount; BY_DATE with target_amount and
-- target_month; AVERAGE with target_months 3, 6 or 12). Amounts in minor units of the budget's currency.
CREATE TABLE budget_categories (
  user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  category_id    TEXT NOT NULL,
  carry_surplus  INTEGER NOT NULL DEFAULT 1,
  carry_deficit  INTEGER NOT NULL DEFAULT 0,
  target_kind    TEXT,
  target_amount  INTEGER,
  target_month   TEXT,
  target_months  INTEGER,
  PRIMARY KEY (user_id, category_id)
) STRICT, WITHOUT ROWID;

-- The amount assigned (envelope) or planned (tracking) to a category in a month, minor units.
CREATE TABLE budget_assignments (
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  month       TEXT NOT NULL,
  category_id TEXT NOT NULL,
  amount      INTEGER NOT NULL,
  PRIMARY KEY (user_id, month, category_id)
) STRICT, WITHOUT ROWID;
`;
