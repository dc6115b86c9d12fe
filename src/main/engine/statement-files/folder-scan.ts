/**
 * Lists the statement files of a connection's folder: every file of the folder and its subfolders (up to
 * MAX_DEPTH levels), hidden entries (".name") and editor leftovers ("~$name", "name~") left out, directory
 * symlinks not followed. Each file is a candidate (a statement extension), or skipped with a reason (any
 * other extension: PDFs, notes…) — the report lists skipped files, it never drops them silently.
 * Nothing outside the folder is read: symbolic links are never followed (a link to `/etc/passwd` or to the
 * data folder's `integrator.json` is listed as skipped) and only regular files are candidates (no devices,
 * FIFOs or sockets, which could block or read endlessly).
 */
import { lstat, opendir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FolderFile, FolderScan, SkippedFile } from '../connectors/statements/source';

const MAX_DEPTH = 6;
const MAX_FILES = 10_000;

/** Extensions read as statements. `.txt` is read only when its content is MT940 (see `TEXT_EXTENSIONS`). */
export const STATEMENT_EXTENSIONS: ReadonlySet<string> = new Set([
  'ofx',
  'qfx',
  'qif',
  'csv',
  'tsv',
  'xml',
  'camt',
  '053',
  '052',
  '054',
  'sta',
  'mt940',
  '940',
  '942',
  // Rabobank names its MT940 exports .swi
  'swi',
]);
/** Extensions whose files may be statements or notes: read when the content is a statement, else skipped. */
export const TEXT_EXTENSIONS: ReadonlySet<string> = new Set(['txt']);

export type { FolderFile, FolderScan, SkippedFile };

export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]+)$/.exec(name);
  return m ? m[1].toLowerCase() : '';
}

const ignored = (name: string) => name.startsWith('.') || name.startsWith('~$') || name.endsWith('~');

/** Throws the fs error (ENOENT, ENOTDIR, EACCES…) when the folder itself cannot be read. */
export async function scanFolder(root: string, signal?: AbortSignal): Promise<FolderScan> {
  const files: FolderFile[] = [];
  const skipped: SkippedFile[] = [];
  let truncated = false;

  async function walk(dir: string, relative: string, depth: number): Promise<void> {
    const entries: { name: string; isDir: boolean; isLink: boolean; isFile: boolean }[] = [];
    const handle = await opendir(dir);
    for await (const entry of handle) {
      if (ignored(entry.name)) continue;
      entries.push({
        name: entry.name,
        isDir: entry.isDirectory(),
        isLink: entry.isSymbolicLink(),
        isFile: entry.isFile(),
      });
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      signal?.throwIfAborted();
      if (files.length + skipped.length >= MAX_FILES) {
        truncated = true;
        return;
      }
      const path = join(dir, entry.name);
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDir) {
        if (depth < MAX_DEPTH) await walk(path, name, depth + 1);
        continue;
      }
      if (entry.isLink) {
        skipped.push({ name, size: 0, mtime: 0, reason: 'a symbolic link (links are not followed)' });
        continue;
      }
      if (!entry.isFile) continue;
      let info;
      try {
        info = await lstat(path);
      } catch {
        continue; // a file removed meanwhile
      }
      if (!info.isFile()) continue; // replaced by a link or something else since the listing
      const size = info.size;
      const mtime = Math.floor(info.mtimeMs / 1000);
      const ext = extensionOf(entry.name);
      if (STATEMENT_EXTENSIONS.has(ext) || TEXT_EXTENSIONS.has(ext)) {
        files.push({ name, path, size, mtime, subfolder: relative, sniff: TEXT_EXTENSIONS.has(ext) });
      } else {
        skipped.push({
          name,
          size,
          mtime,
          reason: ext ? `not a statement file (.${ext})` : 'not a statement file (no extension)',
        });
      }
    }
  }

  const top = await stat(root);
  if (!top.isDirectory()) {
    throw Object.assign(new Error(`${root} is not a folder`), { code: 'ENOTDIR' });
  }
  await walk(root, '', 0);
  return { files, skipped, truncated };
}
