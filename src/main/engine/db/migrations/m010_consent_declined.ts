// Generated from SQL; edit as SQL. Each migration is applied once, in order, inside a transaction.
export default /* sql */ `
-- An account the person chose not to share (left unticked, or withdrawn, on the consent screen) stays in
-- PENDING_CONSENT like one never asked about (docs/api/records.md#account-status). 1 records that choice, so that every
-- window and browser stops presenting it as waiting for a decision (extension field consent_declined of the account
-- record). Cleared when consent is granted.
ALTER TABLE accounts ADD COLUMN consent_declined INTEGER NOT NULL DEFAULT 0;
`;
