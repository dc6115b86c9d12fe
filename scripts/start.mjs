#!/usr/bin/env node
// `npm start`: the desktop app where the Electron runtime is installed; otherwise the same engine and the
// same React app served headless at host_url, in the browser.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, binPath, electronRuntime, run, say } from './lib.mjs';

async function main() {
  if (!existsSync(join(ROOT, 'node_modules'))) {
    say('dependencies are missing: run `npm run setup` first');
    process.exit(1);
  }
  say('building the app…');
  let code = await run(binPath('electron-vite'), ['build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (code !== 0) process.exit(code);

  const runtime = electronRuntime();
  const passThrough = process.argv.slice(2);
  if (runtime.path) {
    say('opening the desktop app…');
    const env = { ...process.env };
    delete env.ELECTRON_RUN_AS_NODE;
    code = await run(runtime.path, [ROOT, ...passThrough], { env });
    process.exit(code);
  }

  say(`the Electron runtime is not available: ${runtime.reason}`);
  say('starting the engine headless and serving the app in your browser instead…');
  const args = ['--app-dir', join(ROOT, 'out', 'renderer'), ...passThrough];
  // The same engine sources and flags `npm run serve` runs; it prints `coffer ready <host_url>`.
  const child = run(process.execPath, ['--max-semi-space-size=4', '--import', 'tsx', join(ROOT, 'src/main/engine/cli/serve.ts'), ...args], {
    env: { ...process.env, COFFER_ANNOUNCE_BROWSER: '1' },
  });
  code = await child;
  process.exit(code);
}

main().catch((err) => {
  say(err.stack ?? String(err));
  process.exit(1);
});
