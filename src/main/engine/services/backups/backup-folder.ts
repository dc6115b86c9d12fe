import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PARTIAL_SUFFIX } from '../../db/backup-copy';
import type { BackupReason } from '../../domain/backup-retention';

/** A backup as the API shows it. */
export interface BackupRecord {
  id: string;
  /** Seconds since the epoch. */
  creation_date: number;
  /** The file's size in bytes. */
  size: number;
  reason: BackupReason;
}

/**
 * A backup's id is its file name without `coffer-backup-` and `.db`: the time (UTC, to the second), the reason
 * and 8 random hex digits. Everything the list shows is in the name and the file, so a folder copied or
 * synced from another machine lists the same, and no id can name a file outside the folder.
 */
const ID_PATTERN = /^(\d{8}T\d{6}Z)-(AUTOMATIC|MANUAL|BEFORE_RESTORE|BEFORE_UPGRADE)-([0-9a-f]{8})$/;

export function isBackupId(id: string): boolean {
  return ID_PATTERN.test(id);
}

export function newBackupId(reason: BackupReason, now: number): string {
  const stamp = new Date(now * 1000)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${stamp}-${reason}-${randomBytes(4).toString('hex')}`;
}

export function backupFile(folder: string, id: string): string {
  return join(folder, `coffer-backup-${id}.db`);
}

/** Creates the folder if needed, owner-only (0700) when the engine made it. */
export function ensureBackupFolder(folder: string): void {
  try {
    statSync(folder);
  } catch {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    chmodSync(folder, 0o700);
  }
}

/** The finished backups of a folder, newest first (a missing folder has none). */
export function listBackups(folder: string): BackupRecord[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const out: Array<BackupRecord & { written: number }> = [];
  for (const name of names) {
    const m = /^coffer-backup-(.+)\.db$/.exec(name);
    const parsed = m ? ID_PATTERN.exec(m[1]) : null;
    if (!m || !parsed) continue;
    let stat: { size: number; mtimeMs: number };
    try {
      stat = statSync(join(folder, name));
    } catch {
      continue;
    }
    out.push({
      id: m[1],
      creation_date: parseStamp(parsed[1]),
      size: stat.size,
      reason: parsed[2] as BackupReason,
      written: stat.mtimeMs,
    });
  }
  // Two backups of the same second (one before a restore, the one asked just before): the later file first.
  out.sort((a, b) => b.creation_date - a.creation_date || b.written - a.written || (a.id < b.id ? 1 : -1));
  return out.map(({ written: _written, ...record }) => record);
}

/** The creation time written in a backup id (seconds). */
export function parseStamp(stamp: string): number {
  const [, y, mo, d, h, mi, s] = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(stamp)!;
  return Date.UTC(+y, +mo - 1, +d, +h, +mi, +s) / 1000;
}

/** Removes what a backup cut short (a crash, a kill) left behind. */
export function removePartialBackups(folder: string): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith('coffer-backup-') && name.endsWith(PARTIAL_SUFFIX)) rmSync(join(folder, name), { force: true });
  }
}
