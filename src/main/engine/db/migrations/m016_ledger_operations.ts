// Generated from SQL; edit as SQL. Each migration is applied once, in order, inside a transaction.
export default /* sql */ `
-- Undo of the person's corrections (issue 22). Every change of what a person set on their transactions
-- (one edit, a bulk edit, a rule applied to the past, "back to automatic", later a category merge) is one
-- operation; its rows keep each transaction's corrections before and after, so the operation can be undone as
-- a whole. kind: EDIT, BULK_EDIT, RULE_APPLIED, AUTOMATIC, CATEGORY_MERGE; details: JSON about the change
-- (the rule, the category…); undone_date: when it was undone (it cannot be undone twice). The last 100 of
-- each person are kept (store/ledger-operations.ts).
CREATE TABLE ledger_operations (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind          TEXT NOT NULL,
  details       TEXT,
  row_count     INTEGER NOT NULL,
  creation_date INTEGER NOT NULL,
  undone_date   INTEGER
) STRICT;
CREATE INDEX ledger_operations_user ON ledger_operations (user_id, id);

-- No foreign key to transactions on purpose: a row deleted since (its account removed) is found at undo
-- time, and the undo is refused as a whole instead of half-done.
CREATE TABLE ledger_operation_rows (
  operation_id           INTEGER NOT NULL REFERENCES ledger_operations (id) ON DELETE CASCADE,
  transaction_id         INTEGER NOT NULL,
  before_category_id     TEXT NOT NULL,
  before_category_source TEXT,
  before_category_rule_id INTEGER,
  before_user_note       TEXT,
  before_tags            TEXT,
  after_category_id      TEXT NOT NULL,
  after_category_source  TEXT,
  after_category_rule_id INTEGER,
  after_user_note        TEXT,
  after_tags             TEXT,
  PRIMARY KEY (operation_id, transaction_id)
) STRICT, WITHOUT ROWID;

-- Rules with conditions and more actions (JSON objects, NULL when none): conditions (amount range or sign,
-- accounts, date range) narrow what the pattern matches; actions (tags, note) come with the category.
ALTER TABLE categorization_rules ADD COLUMN conditions TEXT;
ALTER TABLE categorization_rules ADD COLUMN actions TEXT;
`;
