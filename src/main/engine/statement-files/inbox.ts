/**
 * The upload inbox of a statement-files connection (POST /connections/{id}/documents): files received over
 * HTTP wait in `<data dir>/documents/<connection id>-<creation date>/inbox/` until a synchronization reads
 * them, then are removed (imported or failed: the register keeps their outcome). Each upload is
 * `<id>.data` (the bytes) plus `<id>.json` (its name and checksum), written only once the bytes are
 * complete: a synchronization never sees half an upload (`<id>.part` while receiving).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, rmSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export { UPLOAD_PREFIX, uploadName } from '../connectors/statements/run-import';

export interface UploadMeta {
  id: string;
  file_name: string;
  /** Names the account of QIF/CSV uploads (what a subfolder does for folder files). */
  account?: string;
  size: number;
  sha256: string;
  received_date: number;
}

export class UploadTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the file is larger than ${limit} bytes`);
  }
}

export function documentsRoot(dataDir: string): string {
  return join(dataDir, 'documents');
}

export function inboxDir(dataDir: string, connection: { id: number; creation_date: number }): string {
  return join(documentsRoot(dataDir), `${connection.id}-${connection.creation_date}`, 'inbox');
}

/** Upload ids, sortable by arrival: milliseconds, a sequence of this engine's, a random tail. */
export class UploadIds {
  private sequence = 0;

  next(): string {
    this.sequence = (this.sequence + 1) % 1_000_000;
    return `${Date.now().toString(36).padStart(9, '0')}-${this.sequence.toString().padStart(6, '0')}-${randomBytes(3).toString('hex')}`;
  }
}

/** Streams `source` into the inbox (never whole in memory), hashing and counting; refuses above `maxBytes`. */
export async function saveUpload(
  dir: string,
  source: Readable,
  input: { id: string; fileName: string; account?: string; maxBytes: number; now: number },
): Promise<UploadMeta> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const id = input.id;
  const part = join(dir, `${id}.part`);
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > input.maxBytes) return callback(new UploadTooLarge(input.maxBytes));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(source, counter, createWriteStream(part, { mode: 0o600 }));
  } catch (err) {
    await rm(part, { force: true });
    throw err;
  }
  const meta: UploadMeta = {
    id,
    file_name: input.fileName,
    ...(input.account ? { account: input.account } : {}),
    size,
    sha256: hash.digest('hex'),
    received_date: input.now,
  };
  await rename(part, join(dir, `${id}.data`));
  await writeFile(join(dir, `${id}.json`), JSON.stringify(meta), { mode: 0o600 });
  return meta;
}

/** Complete uploads waiting in the inbox, oldest first. */
export async function listUploads(dir: string): Promise<Array<UploadMeta & { path: string }>> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const present = new Set(names);
  const out: Array<UploadMeta & { path: string }> = [];
  for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
    const id = name.slice(0, -'.json'.length);
    if (!present.has(`${id}.data`)) continue;
    try {
      const meta = JSON.parse(await readFile(join(dir, name), 'utf8')) as UploadMeta;
      if (meta.id === id && typeof meta.file_name === 'string') out.push({ ...meta, path: join(dir, `${id}.data`) });
    } catch {
      // a meta file cut by a crash: the upload never completed
    }
  }
  return out;
}

/** Synchronous: the register and the inbox change together, right after a run's results are committed. */
export function removeUpload(dir: string, id: string): void {
  rmSync(join(dir, `${id}.json`), { force: true });
  rmSync(join(dir, `${id}.data`), { force: true });
}

/** Uploads cut short by a stopped engine (`.part` files). */
export async function removePartials(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) if (name.endsWith('.part')) await rm(join(dir, name), { force: true });
}
