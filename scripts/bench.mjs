#!/usr/bin/env node
// `npm run bench [-- scenario…]`: the benchmarks (bench/index.ts) inside a private keychain session, as the
// engine keeps credentials in the OS keychain. Prints one table with same-run baselines and targets.
import { join } from 'node:path';
import { ROOT, run, runInKeychainSession } from './lib.mjs';

const inSession = process.argv.includes('--in-session');
const args = process.argv.slice(2).filter((a) => a !== '--in-session');
if (!inSession) {
  const code = await runInKeychainSession('scripts/bench.mjs', args);
  if (code !== null) process.exit(code);
}
process.exit(await run(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/index.ts'), ...args]));
