/**
 * What lint's per-file allow-lists (coffer/engine-layers) cannot see: a cycle between engine folders made of
 * imports each allowed on its own (identity → app-session → identity), and SQL written outside store/ and db/.
 * Both are measured by scripts/architecture-report.mjs; here they must stay at zero.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');

describe('the engine’s architecture', () => {
  it('has no SQL outside store/ and db/, and no import cycle between its folders', () => {
    const report = JSON.parse(
      execFileSync(process.execPath, [join(root, 'scripts/architecture-report.mjs'), '--json'], { encoding: 'utf8' }),
    ) as { sql_sites_outside_store: number; folder_cycles: string[][]; direct_folder_cycles: string[] };
    expect(report.sql_sites_outside_store).toBe(0);
    expect(report.folder_cycles).toEqual([]);
    expect(report.direct_folder_cycles).toEqual([]);
  }, 60_000);
});
