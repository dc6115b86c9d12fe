/**
 * The statements corpus (real banks' CSV, CAMT and MT940 files, test/fixtures/statements-corpus) through a
 * running engine: a folder connection per format imports every file with the transactions it holds, and
 * the files that are not statements are FAILED with the reason named.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startTestEngine, type TestEngine } from '../../helpers/engine';
import { newCaller, type Caller } from '../sync/sync-helpers';
import { connectFolder, documents, folderWith, hasKeychain } from './documents-helpers';

const CORPUS = join(ROOT, 'test', 'fixtures', 'statements-corpus');

interface Expectations {
  files: { file: string; transactions: number }[];
  refused: { file: string; message: string }[];
}

const expectations = (folder: string) =>
  JSON.parse(readFileSync(join(CORPUS, folder, 'expectations.json'), 'utf8')) as Expectations;

describe.skipIf(!hasKeychain)('statements corpus through the engine', () => {
  let engine: TestEngine;
  let c: Caller;
  beforeAll(async () => {
    engine = await startTestEngine();
    c = newCaller(engine);
  });
  afterAll(async () => engine?.stop());

  it.each(['mt940', 'camt', 'csv'])('a folder of the %s files imports each of them whole', async (folder) => {
    const { files } = expectations(folder);
    const { id, connection } = await connectFolder(c, folderWith(...files.map((f) => join(CORPUS, folder, f.file))));
    expect(connection.status).toBe('SUCCESS');
    const report = await documents(c, id);
    expect(report.map((d) => [d.name, d.status, d.transactions]).sort()).toEqual(
      files.map((f) => [f.file, 'IMPORTED', f.transactions]).sort(),
    );
  });

  it('the files that are not statements are FAILED, saying why', async () => {
    for (const folder of ['mt940', 'camt']) {
      for (const refused of expectations(folder).refused) {
        const { id, connection } = await connectFolder(c, folderWith(join(CORPUS, folder, refused.file)));
        expect(connection.status).toBe('FAILED');
        const [entry] = await documents(c, id);
        expect(entry).toMatchObject({ name: refused.file, status: 'FAILED' });
        expect(entry.error).toContain(refused.message);
      }
    }
  });
});
