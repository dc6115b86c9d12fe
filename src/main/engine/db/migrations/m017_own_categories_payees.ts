// Generated from SQL; edit as SQL. Each migration is applied once, in order, inside a transaction.
export default /* sql */ `
-- A person's own categories, each under one of the shipped top-level categories (parent_id) whose type it
-- takes. Served as "custom_<id>" (lower case: the shipped ids are upper-snake, so the two never collide);
-- transactions, rules and corrections hold that text in their category_id. folded: the label as compared
-- for duplicates (case, accents and repeated spaces ignored). hidden: no longer offered for filing; the
-- transactions already under it keep it. AUTOINCREMENT: an id is never given again after a merge.
CREATE TABLE user_categories (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  parent_id     TEXT NOT NULL,
  label         TEXT NOT NULL,
  folded        TEXT NOT NULL,
  hidden        INTEGER NOT NULL DEFAULT 0,
  creation_date INTEGER NOT NULL,
  UNIQUE (user_id, folded)
) STRICT;

-- Payees: the name a person gives to whom they paid (or who paid them), shown over the bank's label. The
-- bank's columns never change; transactions.payee_id points here and a synchronization never writes it.
CREATE TABLE payees (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name          TEXT NOT NULL,
  folded        TEXT NOT NULL,
  creation_date INTEGER NOT NULL,
  UNIQUE (user_id, folded)
) STRICT;
ALTER TABLE transactions ADD COLUMN payee_id INTEGER;
-- The payee filter of GET /transactions, in the list's default order (like transactions_user_category).
CREATE INDEX transactions_user_payee ON transactions (user_id, payee_id, import_date, id DESC, status) WHERE payee_id IS NOT NULL;
`;
