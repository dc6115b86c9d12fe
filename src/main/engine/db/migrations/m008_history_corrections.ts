// Generated from SQL; edit as SQL. Each migration is applied once, in order, inside a transaction.
export default /* sql */ `
-- What a person sets on a transaction (issue 15, extensions of docs/local-api.md). The bank's own columns
-- (label, notes…) never change; a synchronization writes none of these columns on an existing row.
-- user_note: their note; tags: JSON array of texts; category_source: USER (set by PUT), RULE (a
-- categorization rule filed it), LEARNED (learnt from corrections), NULL (the automatic categorizer);
-- category_rule_id: the rule when RULE (the rule may have been deleted since).
ALTER TABLE transactions ADD COLUMN user_note TEXT;
ALTER TABLE transactions ADD COLUMN tags TEXT;
ALTER TABLE transactions ADD COLUMN category_source TEXT;
ALTER TABLE transactions ADD COLUMN category_rule_id INTEGER;

-- Categorization rules, per user: the first rule by position whose folded pattern is contained in a
-- transaction's folded label, counterparty or bank notes files it. folded: the pattern as matched (unique per user).
CREATE TABLE categorization_rules (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  pattern       TEXT NOT NULL,
  folded        TEXT NOT NULL,
  category_id   TEXT NOT NULL,
  position      INTEGER NOT NULL,
  creation_date INTEGER NOT NULL,
  UNIQUE (user_id, folded)
) STRICT;
CREATE INDEX categorization_rules_user ON categorization_rules (user_id, position);

-- Category corrections (a PUT /transactions/{id} that changed category_id), by folded label: the source of
-- learning (domain/learned-categories.ts).
CREATE TABLE category_corrections (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  folded_label  TEXT NOT NULL,
  category_id   TEXT NOT NULL,
  date          INTEGER NOT NULL
) STRICT;
CREATE INDEX category_corrections_user ON category_corrections (user_id, folded_label, id);

-- An account the person keeps out of totals (the app's net worth and charts); it still synchronizes.
ALTER TABLE accounts ADD COLUMN hidden_from_totals INTEGER NOT NULL DEFAULT 0;
`;
