/**
 * Robustness (issue 14): the kill -9 test of test/http/sync/crash.test.ts, run 10 times (COFFER_CRASH_RUNS),
 * each in its own vitest run of that file so every run starts a fresh data folder and engine process.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/engine';

const RUNS = Number(process.env.COFFER_CRASH_RUNS ?? 10);

describe('kill -9 mid-synchronization, repeated', () => {
  it(
    `${RUNS} times: data intact, nothing RUNNING, the next synchronization exact`,
    () => {
      for (let i = 1; i <= RUNS; i++) {
        const run = spawnSync(join(ROOT, 'node_modules', '.bin', 'vitest'), ['run', 'test/http/sync/crash.test.ts', '--reporter=dot'], {
          cwd: ROOT,
          env: { ...process.env },
          encoding: 'utf8',
          timeout: 120_000,
        });
        expect(run.status, `run ${i}:\n${run.stdout}\n${run.stderr}`.slice(-4000)).toBe(0);
      }
    },
    RUNS * 130_000,
  );
});
