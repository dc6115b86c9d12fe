// Generated from SQL; edit as SQL. Each migration is applied once, in order, inside a transaction.
export default /* sql */ `
-- GET /transactions orders by import_date ascending, then id DESCENDING (docs/api/lists.md#sorting). The m001 indexes
-- end on (import_date, id) ascending, so SQLite had to sort every group of rows sharing an import date (a first
-- synchronization imports years of history with one import date). These indexes end on id DESC and carry every filter
-- column, so a page is read in order from the index alone and only its rows are looked up.
DROP INDEX transactions_user_import;
DROP INDEX transactions_account_import;
CREATE INDEX transactions_user_order ON transactions
  (user_id, import_date, id DESC, status, account_id, category_id, amount, date, origin);
CREATE INDEX transactions_account_order ON transactions
  (account_id, import_date, id DESC, status, category_id, amount, date, origin);

-- Selective range filters (amount, date) read their own index, then sort the few matching rows by the
-- default order: with the status and order columns in the index that sort needs no row lookup.
DROP INDEX transactions_user_date;
DROP INDEX transactions_user_amount;
CREATE INDEX transactions_user_date ON transactions (user_id, date, status, import_date, id);
CREATE INDEX transactions_user_amount ON transactions (user_id, amount, status, import_date, id);
`;
