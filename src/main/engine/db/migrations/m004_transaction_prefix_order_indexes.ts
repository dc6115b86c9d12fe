// Generated from SQL; edit as SQL. Each migration is applied once, in order, inside a transaction.
export default /* sql */ `
-- The status and category indexes of GET /transactions end on id DESC too (see m002), so that a single
-- status (the default BOOKED-only list) or a single category is read in the default order from its own
-- index, with no sort and no entry of another status or category to skip.
DROP INDEX transactions_user_status;
CREATE INDEX transactions_user_status ON transactions (user_id, status, import_date, id DESC);
DROP INDEX transactions_user_category;
CREATE INDEX transactions_user_category ON transactions (user_id, category_id, import_date, id DESC, status);
`;
