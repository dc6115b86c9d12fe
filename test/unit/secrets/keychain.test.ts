import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KeychainSecretStore } from '../../../src/main/engine/secrets/secret-store';

// `npm test` runs inside a D-Bus session with an unlocked gnome-keyring and sets COFFER_TEST_KEYCHAIN=1:
// there the real keychain must work. Elsewhere these tests say why they do not run.
const hasKeychain = process.env.COFFER_TEST_KEYCHAIN === '1';

describe.skipIf(!hasKeychain)('OS keychain secret store (real gnome-keyring)', () => {
  it('stores, reads and deletes a secret', () => {
    const store = new KeychainSecretStore(`test-${randomUUID()}`);
    expect(store.isAvailable()).toBe(true);
    store.set('channel/1', '{"password":"s3cret"}');
    expect(store.get('channel/1')).toBe('{"password":"s3cret"}');
    store.delete('channel/1');
    expect(store.get('channel/1')).toBeNull();
  });

  it('keeps installations apart by namespace', () => {
    const a = new KeychainSecretStore(`test-${randomUUID()}`);
    const b = new KeychainSecretStore(`test-${randomUUID()}`);
    a.set('channel/1', 'A');
    expect(b.get('channel/1')).toBeNull();
    a.delete('channel/1');
  });
});

describe('without an OS keychain', () => {
  it('refuses (SecretStoreUnavailable, answered 503 secret_store_unavailable) instead of storing elsewhere', () => {
    // A child process with no D-Bus session: the Secret Service cannot be reached.
    const script = `
      import { KeychainSecretStore } from ${JSON.stringify(join(import.meta.dirname, '../../../src/main/engine/secrets/secret-store.ts'))};
      import { domainErrorToApiError } from ${JSON.stringify(join(import.meta.dirname, '../../../src/main/engine/http/error-handler.ts'))};
      const s = new KeychainSecretStore('test-nokeychain');
      try { s.set('x', 'y'); console.log('STORED'); } catch (e) { const a = domainErrorToApiError(e); console.log(JSON.stringify({ status: a.statusCode, code: a.code, message: a.message })); }
    `;
    const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };
    const res = spawnSync(join(import.meta.dirname, '../../../node_modules/.bin/tsx'), ['--eval', script], { env, encoding: 'utf8' });
    const out = JSON.parse(res.stdout.trim().split('\n').pop()!);
    expect(out.status).toBe(503);
    expect(out.code).toBe('secret_store_unavailable');
    expect(out.message).toMatch(/nothing was stored/);
  });
});
