// Generated from SQL; edit as SQL. Each migration is applied once, in order, inside a transaction.
export default /* sql */ `
-- A transaction split by the person into parts (docs/splits-and-transfers.md). The bank's row never changes;
-- the parts live beside it and follow its Coffer id (a pending row that books keeps its id, so its parts).
-- amount: integer minor units of the transaction's currency; the parts of one transaction add up to its
-- amount exactly (checked before writing). position: the order the person gave, from 1.
CREATE TABLE transaction_splits (
  transaction_id INTEGER NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
  position       INTEGER NOT NULL,
  amount         INTEGER NOT NULL,
  category_id    TEXT NOT NULL,
  note           TEXT,
  PRIMARY KEY (transaction_id, position)
) STRICT, WITHOUT ROWID;
CREATE INDEX transaction_splits_category ON transaction_splits (category_id);

-- Two transactions of one person's own accounts moving the same money: debit_id the money leaving, credit_id
-- the money arriving. Each transaction is in at most one link. confirmed: 1 when the person linked or
-- confirmed it by hand, 0 when found automatically.
CREATE TABLE transfer_links (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  debit_id      INTEGER NOT NULL UNIQUE REFERENCES transactions (id) ON DELETE CASCADE,
  credit_id     INTEGER NOT NULL UNIQUE REFERENCES transactions (id) ON DELETE CASCADE,
  confirmed     INTEGER NOT NULL DEFAULT 0,
  creation_date INTEGER NOT NULL
) STRICT;
CREATE INDEX transfer_links_user ON transfer_links (user_id, id);

-- Pairs the person unlinked: the automatic detection never links them again.
CREATE TABLE transfer_refusals (
  debit_id  INTEGER NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
  credit_id INTEGER NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
  PRIMARY KEY (debit_id, credit_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX transfer_refusals_credit ON transfer_refusals (credit_id);
`;
