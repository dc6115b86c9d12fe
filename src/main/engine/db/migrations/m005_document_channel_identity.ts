// Generated from SQL; edit as SQL. Each migration is applied once, in order, inside a transaction.
export default /* sql */ `
-- A statement-file connector (DOCUMENT provider, issue 8) must know which connection it serves: its files
-- register (document_files), the connection's document_settings and upload inbox are per connection, and
-- the connector contract (connectors/types.ts) gives a connector its credentials and memory but no
-- connection id. These triggers keep that id in the channel's connector memory (connector_state, which the
-- engine hands to every run as ctx.state): stamped when the channel is created, stamped again whenever the
-- memory is replaced without it (an emptied channel gets '{}').
CREATE TRIGGER document_channel_identity AFTER INSERT ON channels
WHEN EXISTS (SELECT 1 FROM channel_definitions d JOIN providers p ON p.id = d.provider_id
              WHERE d.id = NEW.channel_definition_id AND p.type = 'DOCUMENT')
BEGIN
  UPDATE channels
     SET connector_state = json_set(CASE WHEN json_valid(NEW.connector_state) THEN NEW.connector_state ELSE '{}' END,
                                    '$.connection_id', NEW.connection_id)
   WHERE id = NEW.id;
END;

CREATE TRIGGER document_channel_identity_kept AFTER UPDATE OF connector_state ON channels
WHEN (CASE WHEN json_valid(NEW.connector_state) THEN json_extract(NEW.connector_state, '$.connection_id') END)
       IS NOT NEW.connection_id
 AND EXISTS (SELECT 1 FROM channel_definitions d JOIN providers p ON p.id = d.provider_id
              WHERE d.id = NEW.channel_definition_id AND p.type = 'DOCUMENT')
BEGIN
  UPDATE channels
     SET connector_state = json_set(CASE WHEN json_valid(NEW.connector_state) THEN NEW.connector_state ELSE '{}' END,
                                    '$.connection_id', NEW.connection_id)
   WHERE id = NEW.id;
END;
`;
