/**
 * `COFFER_SIMPLEFIN_DEMO=1 npm run serve`: a loopback SimpleFIN Bridge (the emulator the tests use) starts
 * inside the engine's process on a free 127.0.0.1 port, and a ready-to-paste setup token is printed, so a
 * person can try "Connect a US/Canadian bank (SimpleFIN)" without a Bridge account. Its data is invented.
 * The engine's cli/serve.ts imports this module (dynamically) only when the variable is set: the emulator is
 * test and demo code, not part of the engine, and no other engine file may reach it (eslint.config.js).
 */
import { startSimplefinEmulator } from './server';

export interface SimplefinDemo {
  /** The reusable demo setup token (it may be claimed any number of times). */
  token: string;
  /** What to print for the person. */
  banner: string;
  close(): Promise<void>;
}

export async function startSimplefinDemo(): Promise<SimplefinDemo> {
  const bridge = await startSimplefinEmulator();
  const banner = [
    `coffer: SimpleFIN demo Bridge on ${bridge.url} (invented data, nothing leaves this computer)`,
    'coffer: in the app, Connections → Add a connection → Connect a US/Canadian bank (SimpleFIN), paste this setup token:',
    '',
    bridge.demoToken,
    '',
    `coffer: a fresh one-time token: open ${bridge.url}/simplefin/create`,
    `coffer: try a failure: curl -X POST ${bridge.url}/__emu/scenario -d '{"name":"con_auth","params":{"conn_id":"CON-7f3a"}}' (then ${bridge.url}/__emu/reset)`,
    '',
  ].join('\n');
  return { token: bridge.demoToken, banner, close: () => bridge.close() };
}
