#!/usr/bin/env node
// `npm run setup [-- --test]`: installs everything Coffer needs on a fresh machine.
// 1. npm packages (the Electron binary download is deferred so a machine without network access to it
//    still installs everything else);
// 2. the Electron runtime, when it can be downloaded, and better-sqlite3-multiple-ciphers (the SQLite driver with encryption) rebuilt for Electron's ABI into
//    .electron-native/ (the Node build stays in node_modules for headless use and tests);
// 3. with --test: the system packages the tests use (Chromium, gnome-keyring, dbus, libsecret-tools).
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, commandExists, electronRuntime, npmCmd, run, say } from './lib.mjs';

const withTest = process.argv.includes('--test');
const env = { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' };

async function main() {
  if (withTest) await installTestSystemPackages();

  say('installing npm packages…');
  const lock = existsSync(join(ROOT, 'package-lock.json'));
  let code = await run(npmCmd, [lock ? 'ci' : 'install', '--no-audit', '--no-fund'], { env });
  if (code !== 0) {
    say('npm ci failed; retrying with npm install');
    code = await run(npmCmd, ['install', '--no-audit', '--no-fund'], { env });
    if (code !== 0) process.exit(code);
  }

  say('fetching the Electron runtime…');
  const electronEnv = { ...process.env };
  delete electronEnv.ELECTRON_SKIP_BINARY_DOWNLOAD;
  const got = await run(process.execPath, [join(ROOT, 'node_modules', 'electron', 'install.js')], {
    env: electronEnv,
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const runtime = electronRuntime();
  if (got === 0 && runtime.path) {
    say(`Electron runtime ready (${runtime.path})`);
    await rebuildNativeForElectron();
  } else {
    say(`no Electron runtime here: ${runtime.reason ?? 'download failed'}. ` +
      '`npm start` will serve the app in your browser instead; everything else works.');
  }

  say('building the app…');
  code = await run(join(ROOT, 'node_modules', '.bin', 'electron-vite'), ['build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (code !== 0) process.exit(code);
  say('setup done.');
}

async function rebuildNativeForElectron() {
  const target = join(ROOT, '.electron-native');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(join(target, 'node_modules'), { recursive: true });
  writeFileSync(join(target, 'package.json'), JSON.stringify({ name: 'coffer-electron-native', private: true, dependencies: { 'better-sqlite3-multiple-ciphers': '*' } }));
  cpSync(join(ROOT, 'node_modules', 'better-sqlite3-multiple-ciphers'), join(target, 'node_modules', 'better-sqlite3-multiple-ciphers'), { recursive: true });
  const { rebuild } = await import('@electron/rebuild');
  const { createRequire } = await import('node:module');
  const electronVersion = createRequire(join(ROOT, 'package.json'))('electron/package.json').version;
  say(`rebuilding better-sqlite3-multiple-ciphers for Electron ${electronVersion}…`);
  try {
    await rebuild({ buildPath: target, electronVersion, onlyModules: ['better-sqlite3-multiple-ciphers'], force: true });
    say('better-sqlite3-multiple-ciphers rebuilt for Electron in .electron-native/');
  } catch (err) {
    say(`could not rebuild better-sqlite3-multiple-ciphers for Electron (${err.message}); the desktop app cannot open its database until this succeeds`);
    process.exitCode = 1;
  }
}

async function installTestSystemPackages() {
  const wanted = [
    ['chromium', 'chromium'],
    ['gnome-keyring-daemon', 'gnome-keyring'],
    ['dbus-run-session', 'dbus'],
    ['secret-tool', 'libsecret-tools'],
  ].filter(([cmd]) => !commandExists(cmd));
  if (wanted.length === 0) return;
  const pkgs = wanted.map(([, pkg]) => pkg);
  if (!commandExists('apt-get')) {
    say(`the tests need these system packages: ${pkgs.join(' ')} — install them with your package manager`);
    return;
  }
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  say(`installing system packages for the tests: ${pkgs.join(' ')}…`);
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const cmd = (args) => (sudo.length ? run('sudo', args, { env: aptEnv }) : run(args[0], args.slice(1), { env: aptEnv }));
  await cmd(['apt-get', 'update', '-qq']);
  const code = await cmd(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...pkgs]);
  if (code !== 0) process.exit(code);
}

main().catch((err) => {
  say(err.stack ?? String(err));
  process.exit(1);
});
