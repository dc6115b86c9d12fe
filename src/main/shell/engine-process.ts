import { app, utilityProcess, type UtilityProcess } from 'electron';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface EngineUrls {
  host_url: string;
  base_url: string;
  auth_url: string;
  widget_url: string;
}

/**
 * The engine's young generation is kept small (4 MB semi-spaces instead of V8's 16 MB). A synchronization
 * allocates rows that live until their write commits, so a large young generation only holds more garbage
 * between collections: with 16 MB a 100,000-row first synchronization peaks at about 330 MB, with 4 MB at
 * about 265 MB, for no change of speed beyond the benchmark's noise (docs/architecture.md, "Speed and
 * memory"). `npm run serve` (package.json) and the benchmark's engine pass the same flag.
 */
const ENGINE_V8_FLAGS = ['--max-semi-space-size=4'];

/** Forks the engine in a utilityProcess and resolves with its addresses once it is ready. */
export function forkEngine(dataDir: string): Promise<{ child: UtilityProcess; urls: EngineUrls }> {
  const appRoot = app.getAppPath();
  const nativeBinding = join(appRoot, '.electron-native', 'node_modules', 'better-sqlite3-multiple-ciphers', 'build', 'Release', 'better_sqlite3.node');
  const args = [
    '--data-dir', dataDir,
    '--port', process.env.COFFER_PORT ?? '0',
    '--resources-dir', join(appRoot, 'resources'),
    '--app-dir', join(appRoot, 'out', 'renderer'),
  ];
  if (existsSync(nativeBinding)) args.push('--native-binding', nativeBinding);
  const child = utilityProcess.fork(join(appRoot, 'out', 'main', 'engine.js'), args, {
    serviceName: 'Coffer engine',
    stdio: 'inherit',
    execArgv: ENGINE_V8_FLAGS,
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the engine exited during start (code ${code})`)));
    child.on('message', (message: { type?: string; urls?: EngineUrls; message?: string }) => {
      if (message?.type === 'ready' && message.urls) resolve({ child, urls: message.urls });
      if (message?.type === 'failed') reject(new Error(message.message));
    });
  });
}
