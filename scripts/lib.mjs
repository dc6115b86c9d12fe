import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const npmCmd = process.platform === 'win32' ? 'npm.cmd' : 'npm';
export const binPath = (name) => join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

/** Runs a command, inheriting stdio; resolves with its exit code. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: ROOT, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

export function say(text) {
  process.stdout.write(`coffer: ${text}\n`);
}

/**
 * The Electron runtime (binary) if it is installed, else null with the reason. The `electron` npm package
 * installs without it when the binary cannot be downloaded.
 */
export function electronRuntime() {
  try {
    const require = createRequire(join(ROOT, 'package.json'));
    const pkgDir = dirname(require.resolve('electron/package.json'));
    const pathFile = join(pkgDir, 'path.txt');
    if (!existsSync(pathFile)) return { path: null, reason: 'the Electron runtime was not downloaded (no network access when setting up?)' };
    const exe = join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim());
    if (!existsSync(exe)) return { path: null, reason: `the Electron runtime is missing (${exe})` };
    return { path: exe, reason: null };
  } catch {
    return { path: null, reason: 'the electron package is not installed (run npm run setup)' };
  }
}

export function commandExists(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Runs `command args` inside a private D-Bus session with an unlocked gnome-keyring in a private folder (a
 * fresh login keyring with a known password), so the real OS keychain is used. Resolves with the exit code,
 * or null when the tools are missing (then the caller runs without it).
 */
export async function runCommandInKeychainSession(command, args) {
  if (!commandExists('dbus-run-session') || !commandExists('gnome-keyring-daemon')) return null;
  const quoted = [command, ...args].map((a) => `'${String(a).replace(/'/g, `'\\''`)}'`).join(' ');
  const inner =
    'export XDG_DATA_HOME="$(mktemp -d)"; ' +
    'eval "$(printf coffer-test | gnome-keyring-daemon --unlock --components=secrets 2>/dev/null)"; ' +
    'export GNOME_KEYRING_CONTROL; ' +
    `export COFFER_TEST_KEYCHAIN=1; exec ${quoted}`;
  return run('dbus-run-session', ['--', 'sh', '-c', inner], {});
}

/** Re-runs `node <script> --in-session <args>` inside such a session (see runCommandInKeychainSession). */
export async function runInKeychainSession(script, args) {
  return runCommandInKeychainSession(process.execPath, [script, '--in-session', ...args]);
}
