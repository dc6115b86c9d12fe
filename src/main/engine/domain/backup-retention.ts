/**
 * Which backups a rolling schedule keeps. Pure: the caller lists the backups and deletes what this returns.
 *
 * Rules (times in seconds since the epoch, UTC calendar):
 * - every backup younger than 48 hours is kept;
 * - older than that and younger than 30 days: the newest backup of each calendar day is kept;
 * - older than that and younger than 12 months (365 days): the newest backup of each calendar month is kept;
 * - older still: none.
 * Only automatic backups are pruned: one the person made, or one made before an upgrade or a restore, is the
 * person's to delete (it may be the only way back from that upgrade or that restore).
 */

export type BackupReason = 'AUTOMATIC' | 'MANUAL' | 'BEFORE_RESTORE' | 'BEFORE_UPGRADE';

export interface BackupStamp {
  id: string;
  /** Seconds since the epoch. */
  creation_date: number;
  reason: BackupReason;
}

const HOUR = 3600;
const DAY = 24 * HOUR;
export const KEEP_ALL_FOR = 48 * HOUR;
export const KEEP_DAILY_FOR = 30 * DAY;
export const KEEP_MONTHLY_FOR = 365 * DAY;
/** At most one automatic backup an hour. */
export const AUTOMATIC_INTERVAL = HOUR;

/** The ids of the automatic backups the schedule no longer keeps at `now`. */
export function backupsToPrune(backups: readonly BackupStamp[], now: number): string[] {
  const automatic = backups.filter((b) => b.reason === 'AUTOMATIC').sort((a, b) => b.creation_date - a.creation_date);
  const keptBuckets = new Set<string>();
  const prune: string[] = [];
  for (const backup of automatic) {
    const bucket = bucketOf(backup.creation_date, now);
    if (bucket === 'keep') continue;
    if (bucket === null || keptBuckets.has(bucket)) prune.push(backup.id);
    else keptBuckets.add(bucket);
  }
  return prune;
}

/** 'keep' for a recent backup, the day or month it stands for, or null when it is past every window. */
function bucketOf(created: number, now: number): 'keep' | string | null {
  const age = now - created;
  if (age < KEEP_ALL_FOR) return 'keep';
  const iso = new Date(created * 1000).toISOString();
  if (age < KEEP_DAILY_FOR) return `day:${iso.slice(0, 10)}`;
  if (age < KEEP_MONTHLY_FOR) return `month:${iso.slice(0, 7)}`;
  return null;
}

/**
 * Whether an automatic backup is due: none exists yet, or the data changed after the newest backup and that
 * one was made at least an hour ago (`newestBackup`: its creation time; `changedSince`: whether data was
 * written after it).
 */
export function automaticBackupDue(newestBackup: number | null, changedSince: boolean, now: number): boolean {
  if (newestBackup === null) return true;
  return changedSince && now - newestBackup >= AUTOMATIC_INTERVAL;
}
