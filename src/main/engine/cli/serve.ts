import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DataDirInUseError } from '../data-dir-lock';
import { startEngineOrRefusal } from '../engine-refusal';
import { defaultDataDir, projectRoot } from '../paths';

/**
 * Headless engine: `npm run serve -- --data-dir DIR --port N` (see docs/api/server.md#data-directory). Prints `coffer
 * ready <host_url>` once DIR/server.json is written; SIGTERM/SIGINT stop it cleanly with exit code 0.
 */
export async function serve(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string' },
      port: { type: 'string', default: process.env.COFFER_PORT ?? '4820' },
      'app-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write('usage: npm run serve -- [--data-dir DIR] [--port N (0 = any free port)] [--app-dir DIR]\n');
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0..65535, got ${values.port}`);
  const root = projectRoot();
  const engine = await startEngineOrRefusal({
    dataDir: values['data-dir'] ?? defaultDataDir(),
    port,
    resourcesDir: join(root, 'resources'),
    appDir: values['app-dir'] ?? join(root, 'out', 'renderer'),
  });
  // COFFER_SIMPLEFIN_DEMO=1: a loopback SimpleFIN Bridge in this process (test and demo code outside the
  // engine, src/main/simplefin-emulator/demo.ts), imported only then.
  const demo =
    process.env.COFFER_SIMPLEFIN_DEMO === '1' ? await (await import('../../simplefin-emulator/demo')).startSimplefinDemo() : null;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    engine.running?.ctx.log.info({ signal }, 'stopping');
    Promise.all([engine.close(), demo?.close()]).then(
      () => process.exit(0),
      (err) => {
        process.stderr.write(`coffer: error while stopping: ${(err as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  if (demo) process.stdout.write(demo.banner + '\n');
  // Up without its data (a damaged or missing database): it still answers, and says why, here and at /health.
  if (engine.refusal) process.stderr.write(`coffer: ${engine.refusal.message}\n`);
  process.stdout.write(`coffer ready ${engine.urls.host_url}\n`);
  if (engine.locked) process.stderr.write(`coffer: ${engine.locked}\n`);
  if (process.env.COFFER_ANNOUNCE_BROWSER) {
    process.stdout.write(`coffer: open ${engine.urls.host_url}/ in your browser (Ctrl+C stops Coffer)\n`);
  }
}

class UsageError extends Error {}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop()!);
if (isMain) {
  serve(process.argv.slice(2)).catch((err: Error) => {
    const known = err instanceof DataDirInUseError || err instanceof UsageError || (err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION';
    process.stderr.write(`coffer: ${known ? err.message : err.stack ?? err.message}\n`);
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') process.stderr.write('coffer: that port is taken; choose another with --port (0 picks a free one)\n');
    process.exit(known ? 2 : 1);
  });
}
