// Generated from SQL; edit as SQL. Each migration is applied once, in order, inside a transaction.
export default /* sql */ `
-- PUT /accounts/{id} with status CLOSED sets the balance to 0 (contract); the balance it had (minor units)
-- and when (timestamp) are kept so that its balance history can still be drawn up to the closing day
-- (extension fields closing_balance and closing_date of the account record). Cleared when it reopens.
ALTER TABLE accounts ADD COLUMN closing_balance INTEGER;
ALTER TABLE accounts ADD COLUMN closing_date INTEGER;
`;
