#!/usr/bin/env node
// `node scripts/vitest-keychain.mjs <vitest arguments>`: targeted Vitest runs with the real OS keychain, in a
// private D-Bus session whose gnome-keyring keeps its files in a fresh directory (as `npm test` does).
// A keyring directory shared with other sessions (the default ~/.local/share/keyrings) loses entries: when
// another session's daemon saves the shared file, this one reloads it and drops what it wrote meanwhile, so
// a synchronization finds its channel's credentials gone (NEEDS_SECRET).
import { binPath, run, runInKeychainSession, say } from './lib.mjs';

const inSession = process.argv.includes('--in-session');
const args = process.argv.slice(2).filter((a) => a !== '--in-session');

if (!inSession) {
  const code = await runInKeychainSession('scripts/vitest-keychain.mjs', args);
  if (code !== null) process.exit(code);
  say('no dbus-run-session/gnome-keyring here: the keychain tests will see no keychain');
}
process.exit(await run(binPath('vitest'), ['run', ...args]));
