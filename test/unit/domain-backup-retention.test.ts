import { describe, expect, it } from 'vitest';
import {
  automaticBackupDue,
  backupsToPrune,
  type BackupStamp,
} from '../../src/main/engine/domain/backup-retention';

const HOUR = 3600;
const DAY = 24 * HOUR;
/** 2026-11-27T12:00:00Z */
const NOW = Date.UTC(2026, 10, 27, 12) / 1000;

/** One automatic backup every hour for `days` days before NOW. */
function hourly(days: number): BackupStamp[] {
  const out: BackupStamp[] = [];
  for (let h = 0; h < days * 24; h++) out.push({ id: `a${h}`, creation_date: NOW - h * HOUR, reason: 'AUTOMATIC' });
  return out;
}

describe('backupsToPrune', () => {
  it('keeps every backup of the last 48 hours, one a day for 30 days, one a month for 12 months', () => {
    const all = hourly(400);
    const pruned = new Set(backupsToPrune(all, NOW));
    const kept = all.filter((b) => !pruned.has(b.id));
    const recent = kept.filter((b) => NOW - b.creation_date < 48 * HOUR);
    expect(recent).toHaveLength(48);
    const daily = kept.filter((b) => NOW - b.creation_date >= 48 * HOUR && NOW - b.creation_date < 30 * DAY);
    const days = new Set(daily.map((b) => new Date(b.creation_date * 1000).toISOString().slice(0, 10)));
    expect(days.size).toBe(daily.length);
    expect(daily.length).toBeGreaterThanOrEqual(27);
    expect(daily.length).toBeLessThanOrEqual(29);
    const monthly = kept.filter((b) => NOW - b.creation_date >= 30 * DAY);
    const months = new Set(monthly.map((b) => new Date(b.creation_date * 1000).toISOString().slice(0, 7)));
    expect(months.size).toBe(monthly.length);
    expect(monthly.length).toBeLessThanOrEqual(12);
    expect(monthly.length).toBeGreaterThanOrEqual(11);
    expect(kept.every((b) => NOW - b.creation_date < 365 * DAY)).toBe(true);
  });

  it('keeps the newest backup of each day', () => {
    const day = Date.UTC(2026, 10, 20) / 1000;
    const all: BackupStamp[] = [
      { id: 'morning', creation_date: day + 8 * HOUR, reason: 'AUTOMATIC' },
      { id: 'evening', creation_date: day + 20 * HOUR, reason: 'AUTOMATIC' },
    ];
    expect(backupsToPrune(all, NOW)).toEqual(['morning']);
  });

  it('never prunes a backup the person made or one made before an upgrade or a restore', () => {
    const old = NOW - 500 * DAY;
    const all: BackupStamp[] = [
      { id: 'm', creation_date: old, reason: 'MANUAL' },
      { id: 'u', creation_date: old, reason: 'BEFORE_UPGRADE' },
      { id: 'r', creation_date: old, reason: 'BEFORE_RESTORE' },
      { id: 'a', creation_date: old, reason: 'AUTOMATIC' },
    ];
    expect(backupsToPrune(all, NOW)).toEqual(['a']);
  });
});

describe('automaticBackupDue', () => {
  it('is due when there is no backup yet', () => {
    expect(automaticBackupDue(null, false, NOW)).toBe(true);
  });
  it('is not due when nothing changed since the newest backup', () => {
    expect(automaticBackupDue(NOW - 5 * HOUR, false, NOW)).toBe(false);
  });
  it('is not due within the hour even when data changed', () => {
    expect(automaticBackupDue(NOW - 59 * 60, true, NOW)).toBe(false);
  });
  it('is due an hour after the newest backup when data changed since', () => {
    expect(automaticBackupDue(NOW - HOUR, true, NOW)).toBe(true);
  });
});
