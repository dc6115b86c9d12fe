import { parseArgs } from 'node:util';
import { startEngineOrRefusal } from './engine-refusal';

/**
 * Entry of the engine inside the desktop app: the main process forks it as an Electron utilityProcess.
 * Same engine as `npm run serve`; it reports readiness (or the reason it could not start) to the parent.
 * Electron gives utility processes `process.parentPort`; it is typed here so the engine never imports electron.
 */
interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (e: { data: unknown }) => void): void;
}

const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      'data-dir': { type: 'string' },
      port: { type: 'string', default: '0' },
      'resources-dir': { type: 'string' },
      'app-dir': { type: 'string' },
      'native-binding': { type: 'string' },
    },
    strict: true,
  });
  // A damaged or missing database, or a keychain that cannot give the database's key, still starts a
  // server that says why (engine-refusal.ts).
  const engine = await startEngineOrRefusal({
    dataDir: values['data-dir']!,
    port: Number(values.port),
    resourcesDir: values['resources-dir']!,
    appDir: values['app-dir'] ?? null,
    nativeBinding: values['native-binding'],
  });
  const stop = () => engine.close().then(() => process.exit(0), () => process.exit(1));
  parentPort?.on('message', (e) => {
    if ((e.data as { type?: string })?.type === 'stop') void stop();
  });
  process.on('SIGTERM', () => void stop());
  parentPort?.postMessage({ type: 'ready', urls: engine.urls });
  process.stdout.write(`coffer ready ${engine.urls.host_url}\n`);
  if (engine.locked) process.stderr.write(`coffer: ${engine.locked}\n`);
}

main().catch((err: Error) => {
  parentPort?.postMessage({ type: 'failed', message: err.message });
  process.stderr.write(`coffer engine: ${err.message}\n`);
  process.exit(1);
});
