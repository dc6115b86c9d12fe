// Generated from SQL; edit as SQL. Each migration is applied once, in order, inside a transaction.
export default /* sql */ `
-- POST /connections/{id}/close makes every channel and account CLOSED; /reopen restores what they were.
ALTER TABLE channels ADD COLUMN status_before_close TEXT;
ALTER TABLE accounts ADD COLUMN status_before_close TEXT;
`;
