/**
 * `COFFER_SIMPLEFIN_DEMO=1 npm run serve`: a loopback SimpleFIN Bridge (the emulator the tests use) starts
 * inside the engine's process on a free 127.0.0.1 port, and a ready-to-paste setup token is printed, so a
 * person can try "Connect a US/Canadian bank (SimpleFIN)" without a Bridge account. Its data is invented.
 * serve.ts imports this module only when the variable is set: the emulator is not part of a normal engine.
 */
import { startSimplefinEmulator } from '../../simplefin-emulator/server';

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
