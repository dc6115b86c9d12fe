import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORY_DEFINITIONS } from '../../../src/main/engine/catalogue/categories';
import { upsertCatalogue } from '../../../src/main/engine/catalogue/seed';
import { listProviderDefinitions } from '../../../src/main/engine/connectors/registry';
import { closeDatabase, openDatabase } from '../../../src/main/engine/db/database';

describe('migration 5 (document_channel_identity): a statement channel knows its connection (connector memory)', () => {
  it('stamps connection_id at creation and again whenever the memory is replaced without it; bank channels untouched', () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'coffer-m005-')), 'coffer.db'));
    try {
      upsertCatalogue(db, listProviderDefinitions(), CATEGORY_DEFINITIONS);
      db.prepare("INSERT INTO users (id, email, password_hash, creation_date) VALUES (1, 'a@b.c', 'x', 0)").run();
      const connection = (provider: string) =>
        Number(
          db
            .prepare(
              "INSERT INTO connections (user_id, provider_id, name, status, creation_date) VALUES (1, ?, 'x', 'NEVER', 0)",
            )
            .run(provider).lastInsertRowid,
        );
      const docs = connection('9500');
      const bank = connection('9000');
      const channel = (connectionId: number, def: string) =>
        Number(
          db
            .prepare(
              "INSERT INTO channels (connection_id, channel_definition_id, mode, status) VALUES (?, ?, 'EMBEDDED', 'NEVER')",
            )
            .run(connectionId, def).lastInsertRowid,
        );
      const dc = channel(docs, '950000');
      const bc = channel(bank, '900000');
      const state = (id: number) =>
        JSON.parse(db.prepare('SELECT connector_state FROM channels WHERE id = ?').pluck().get(id) as string);
      expect(state(dc)).toEqual({ connection_id: docs });
      expect(state(bc)).toEqual({});

      // The engine saves what the connector kept (in place: the id stays); an emptied channel gets '{}'.
      db.prepare('UPDATE channels SET connector_state = ? WHERE id = ?').run(
        JSON.stringify({ connection_id: docs, other: 1 }),
        dc,
      );
      expect(state(dc)).toEqual({ connection_id: docs, other: 1 });
      db.prepare("UPDATE channels SET connector_state = '{}' WHERE id = ?").run(dc);
      expect(state(dc)).toEqual({ connection_id: docs });
      db.prepare("UPDATE channels SET connector_state = 'not json' WHERE id = ?").run(dc);
      expect(state(dc)).toEqual({ connection_id: docs });
      db.prepare('UPDATE channels SET connector_state = ? WHERE id = ?').run(JSON.stringify({ x: 2 }), bc);
      expect(state(bc)).toEqual({ x: 2 });
    } finally {
      closeDatabase(db);
    }
  });
});
