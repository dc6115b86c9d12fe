/**
 * Deleting a user also removes the statement uploads still waiting in the inboxes of their connections
 * (files in the data directory, outside the database), and leaves the files of their statement folder alone.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxDir, saveUpload, UploadIds } from '../../../src/main/engine/statement-files/inbox';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { connectFolder, folderWith, hasKeychain } from '../documents/documents-helpers';
import { newCaller, waitSettled } from '../sync/sync-helpers';

describe.skipIf(!hasKeychain)('deleting a user with statement files', () => {
  let engine: TestEngine;
  beforeAll(async () => {
    engine = await startTestEngine();
  });
  afterAll(async () => engine?.stop());

  it('removes the uploads waiting in their inboxes and keeps the statement folder', async () => {
    const c = newCaller(engine);
    const folder = folderWith('ofx2-bank-us.ofx');
    const { id } = await connectFolder(c, folder);
    await waitSettled(c, id);
    const connection = engine.ctx.db
      .prepare('SELECT id, creation_date FROM connections WHERE id = ?')
      .get(Number(id)) as { id: number; creation_date: number };
    const dir = inboxDir(engine.dataDir, connection);
    // An upload received but not read yet (as when the person deletes the profile right after sending it).
    await saveUpload(dir, Readable.from([Buffer.from('OFXHEADER:100\n')]), {
      id: new UploadIds().next(),
      fileName: 'waiting.ofx',
      maxBytes: 1e6,
      now: 1,
    });
    expect(readdirSync(dir).length).toBeGreaterThan(0);

    const res = await engine.http('/v2/users/me', {
      method: 'DELETE',
      token: engine.userToken(c.userId, ['profile_edit']),
    });
    expect(res.status).toBe(204);
    expect(existsSync(join(dir, '..'))).toBe(false);
    expect(readdirSync(folder)).toContain('ofx2-bank-us.ofx');
  });
});
