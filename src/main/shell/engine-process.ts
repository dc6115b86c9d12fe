import { app, utilityProcess, type UtilityProcess } from 'electron';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface EngineUrls {
  host_url: string;
  base_url: string;
  auth_url: string;
  widget_url: string;
}

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
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the engine exited during start (code ${code})`)));
    child.on('message', (message: { type?: string; urls?: EngineUrls; message?: string }) => {
      if (message?.type === 'ready' && message.urls) resolve({ child, urls: message.urls });
      if (message?.type === 'failed') reject(new Error(message.message));
    });
  });
}
