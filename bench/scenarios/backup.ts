import { closeSync, copyFileSync, fsyncSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEngine } from '../../src/main/engine/engine';
import { projectRoot } from '../../src/main/engine/paths';
import type { Report } from '../report';
import type { Scenario } from './index';
import { peakRssMb } from './sync';
import { generate } from './transactions';

/**
 * A backup and a restore of a database holding 1,000,000 transactions, against copying its file (copy + fsync,
 * the WAL checkpointed first so the file holds everything) in the same run. The restore includes the
 * BEFORE_RESTORE backup it makes first. Peak RSS of this process is measured over the backup and the restore
 * only (the kernel's high-water mark is reset after the data is generated).
 */
export const backupScenario: Scenario = {
  name: 'backup',
  async run(report: Report) {
    const dataDir = mkdtempSync(join(tmpdir(), 'coffer-bench-backup-'));
    const engine = await startEngine({ dataDir, port: 0, resourcesDir: join(projectRoot(), 'resources'), logLevel: 'warn' });
    try {
      const db = engine.ctx.db;
      const userId = Number(
        db
          .prepare("INSERT INTO users (email, password_hash, creation_date, terms_accepted_version) VALUES ('bench@example.com', 'x', ?, 1000000)")
          .run(engine.ctx.now()).lastInsertRowid,
      );
      generate(engine, userId);
      db.pragma('wal_checkpoint(TRUNCATE)');
      const file = join(dataDir, 'coffer.db');
      const mb = statSync(file).size / 1e6;
      resetPeakRss();

      const copy = join(dataDir, 'copy.db');
      const copyMs = timed(() => {
        copyFileSync(file, copy);
        const fd = openSync(copy, 'r+');
        fsyncSync(fd);
        closeSync(fd);
      });
      rmSync(copy);
      const backups = engine.ctx.services.backups;
      let id = '';
      const backupMs = timed(() => (id = backups.create('MANUAL').id));
      const started = performance.now();
      await backups.restore(id);
      const restoreMs = performance.now() - started;
      const rss = peakRssMb(process.pid);

      report.row({ scenario: 'backup', metric: 'database file (1M transactions)', value: mb, unit: 'MB' });
      report.row({ scenario: 'backup', metric: 'copy of the file (baseline)', value: copyMs, unit: 'ms' });
      for (const [metric, ms] of [
        ['backup', backupMs],
        ['restore (BEFORE_RESTORE backup included)', restoreMs],
      ] as const) {
        const ratio = ms / copyMs;
        report.row({ scenario: 'backup', metric, value: ms, unit: 'ms', baseline: copyMs, ratio, target: 'ratio ≤ 3', pass: ratio <= 3 });
      }
      if (rss !== undefined) {
        report.row({ scenario: 'backup', metric: 'peak RSS (VmHWM, backup + restore)', value: Math.round(rss), unit: 'MB', target: '≤ 300 MB', pass: rss <= 300 });
      }
    } finally {
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

function timed(fn: () => void): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

/** Linux: writing 5 to clear_refs resets VmHWM, so the peak covers only what follows. */
function resetPeakRss(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // elsewhere the peak includes generating the data
  }
}
