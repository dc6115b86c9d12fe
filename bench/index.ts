import { Report } from './report';
import { scenarios } from './scenarios';

/**
 * `npm run bench [-- name…]`: runs the scenarios (all, or those named) and prints one table of figures
 * with their same-run baselines, ratios and targets.
 */
async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const report = new Report();
  for (const s of scenarios) {
    if (wanted.length && !wanted.includes(s.name)) continue;
    process.stderr.write(`running ${s.name}…\n`);
    await s.run(report);
  }
  process.stdout.write(`\n${report.table()}\n`);
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
