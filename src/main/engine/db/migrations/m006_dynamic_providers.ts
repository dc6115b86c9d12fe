// Generated from SQL; edit as SQL. Each migration is applied once, in order, inside a transaction.
export default /* sql */ `
-- Providers a connector contributes at run time (Enable Banking's banks: see docs/api/enablebanking.md#catalogue). A
-- provider id is allocated once per (connector, key) and never reused, so a bank keeps its id across catalogue
-- refreshes; rows stay when the bank leaves the catalogue (connections may reference it). details: the connector's
-- public values for that bank (consent validity, required headers, remote logo address); never a secret.
CREATE TABLE dynamic_providers (
  id          TEXT PRIMARY KEY,
  connector   TEXT NOT NULL,
  key         TEXT NOT NULL,
  details     TEXT NOT NULL DEFAULT '{}',
  first_seen  INTEGER NOT NULL,
  last_seen   INTEGER NOT NULL,
  listed      INTEGER NOT NULL DEFAULT 1,
  UNIQUE (connector, key)
);

-- Consent reminders already sent (CONSENT_REQUIRED seven days before a channel's consent ends: see
-- docs/api/enablebanking.md#consent-reminder): one per channel and consent end, so a renewed consent is reminded again.
CREATE TABLE consent_reminders (
  channel_id  INTEGER NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
  expires     INTEGER NOT NULL,
  sent_date   INTEGER NOT NULL,
  PRIMARY KEY (channel_id, expires)
);
`;
