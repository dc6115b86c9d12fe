import { existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { scanFolder } from '../../../src/main/engine/statement-files/folder-scan';
import {
  listUploads,
  removeUpload,
  saveUpload,
  UploadIds,
  UploadTooLarge,
  uploadName,
} from '../../../src/main/engine/statement-files/inbox';

const uploadIds = new UploadIds();

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'coffer-scan-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

describe('scanFolder', () => {
  it('lists statement files (subfolders too, by name), skips other files with a reason, ignores hidden entries', async () => {
    const root = tree({
      'b.ofx': 'x',
      'a.QIF': 'x',
      'joint/2024/c.csv': 'x',
      'notes.txt': 'x',
      'scan.pdf': 'x',
      README: 'x',
      '.git/config.xml': 'x',
      '.DS_Store': 'x',
      '~$draft.csv': 'x',
      'backup.ofx~': 'x',
    });
    symlinkSync(root, join(root, 'loop')); // a link to a folder is not followed
    const scan = await scanFolder(root);
    expect(scan.files.map((f) => [f.name, f.subfolder, f.sniff])).toEqual([
      ['a.QIF', '', false],
      ['b.ofx', '', false],
      ['joint/2024/c.csv', 'joint/2024', false],
      ['notes.txt', '', true],
    ]);
    expect(scan.skipped.map((s) => [s.name, s.reason])).toEqual([
      ['README', 'not a statement file (no extension)'],
      ['loop', 'a symbolic link (links are not followed)'],
      ['scan.pdf', 'not a statement file (.pdf)'],
    ]);
    expect(scan.files[0]).toMatchObject({ size: 1, mtime: expect.any(Number), path: join(root, 'a.QIF') });
  });

  it('reads the extensions banks give their SWIFT and ISO 20022 files (Rabobank .swi, camt .054)', async () => {
    const scan = await scanFolder(tree({ 'export.swi': 'x', 'notification.054': 'x', 'day.STA': 'x' }));
    expect(scan.files.map((f) => f.name)).toEqual(['day.STA', 'export.swi', 'notification.054']);
    expect(scan.skipped).toEqual([]);
  });

  it('throws the fs error for a folder that is missing or is a file', async () => {
    const root = tree({ 'f.ofx': 'x' });
    await expect(scanFolder(join(root, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(scanFolder(join(root, 'f.ofx'))).rejects.toMatchObject({ code: 'ENOTDIR' });
  });
});

describe('upload inbox', () => {
  it('keeps an upload whole (data, then its description), lists uploads oldest first, removes them', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'coffer-inbox-')), 'inbox');
    const a = await saveUpload(dir, Readable.from([Buffer.from('abc'), Buffer.from('def')]), { id: uploadIds.next(),
      fileName: 'a.ofx',
      maxBytes: 100,
      now: 7,
    });
    const b = await saveUpload(dir, Readable.from([Buffer.from('x')]), { id: uploadIds.next(),
      fileName: 'b.qif',
      account: 'Visa',
      maxBytes: 100,
      now: 8,
    });
    expect(a).toMatchObject({
      file_name: 'a.ofx',
      size: 6,
      sha256: 'bef57ec7f53a6d40beb640a780a639c83bc29ac8a9816f1fc6c5c6dcd93c4721',
      received_date: 7,
    });
    expect(uploadName(a)).toBe(`.upload/${a.id}/a.ofx`);
    writeFileSync(join(dir, 'zzz.json'), '{"id":"zzz","file_name":"lost.ofx"}'); // no data: not an upload
    expect((await listUploads(dir)).map((u) => [u.id, u.file_name, u.account])).toEqual([
      [a.id, 'a.ofx', undefined],
      [b.id, 'b.qif', 'Visa'],
    ]);
    removeUpload(dir, a.id);
    expect((await listUploads(dir)).map((u) => u.id)).toEqual([b.id]);
    expect(await listUploads(join(dir, 'none'))).toEqual([]);
  });

  it('refuses more than maxBytes while streaming and leaves nothing behind', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'coffer-inbox-')), 'inbox');
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(1000, 1));
    await expect(
      saveUpload(dir, Readable.from(chunks), { id: uploadIds.next(), fileName: 'big.csv', maxBytes: 5000, now: 1 }),
    ).rejects.toBeInstanceOf(UploadTooLarge);
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });
});
