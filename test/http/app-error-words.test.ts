/**
 * The app's sentences for the engine's refusals (src/renderer/src/lib/api/error-words.ts) read the engine's
 * own answers: the refusals people met are asked of a real engine here, so a change of the engine's wording
 * that the app would no longer recognise fails this test instead of showing the engine's text to a person.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorWords } from '../../src/renderer/src/lib/api/error-words';
import { startTestEngine, type TestEngine } from '../helpers/engine';
import { postToken } from './simplefin/simplefin-helpers';
import { api, encrypt, newCaller } from './sync/sync-helpers';

let engine: TestEngine;
beforeAll(async () => {
  engine = await startTestEngine();
});
afterAll(async () => {
  await engine?.stop();
});

async function wordsOf(res: Response) {
  const body = (await res.json()) as { error: string; error_description: string };
  return errorWords({ status: res.status, code: body.error, description: body.error_description }).key;
}

describe("the engine's refusals people met get the app's sentence", () => {
  it('a SimpleFIN setup token that is no token', async () => {
    const res = await postToken(newCaller(engine), Buffer.from('hello there, bridge').toString('base64'));
    expect(res.status).toBe(400);
    expect(await wordsOf(res)).toBe('apierr.setupToken');
  });

  it('a statement folder that does not exist', async () => {
    const missing = join(mkdtempSync(join(tmpdir(), 'coffer-words-')), 'no-such-folder');
    const res = await api(newCaller(engine), '/connections', {
      method: 'POST',
      json: { provider_id: '9500', credentials: [{ id: 'folder', value: missing }] },
    });
    expect(res.status).toBe(400);
    expect(await wordsOf(res)).toBe('apierr.folderMissing');
  });

  it("a bank login that does not have the bank's form", async () => {
    const c = newCaller(engine);
    const { keyId, jwe } = await encrypt(c, 'pass_ok');
    const res = await api(c, '/connections', {
      method: 'POST',
      json: {
        provider_id: '9000',
        key_id: keyId,
        credentials: [
          { id: 'login', value: 'x'.repeat(65) },
          { id: 'password', value: jwe },
        ],
        auto_sync: false,
      },
    });
    expect(res.status).toBe(400);
    expect(await wordsOf(res)).toBe('apierr.credentialFormat');
  });
});
