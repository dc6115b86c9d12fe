import { Report } from './report';
import { scenarios } from './scenarios';

/**
 * `npm run bench [-- name…]`: runs the scenarios (all, or those named) and prints one table of figures
 * with their same-run baselines, ratios and targets.
 */
async function main(): Promise<void> {
  // The scenarios' engines never fetch exchange rates from the internet (the fx scenario serves its own).
  process.env.COFFER_FX_URL ??= 'http://127.0.0.1:9/';
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
