/**
 * Deleting while the OS keychain is locked. The keychain is a fake at that boundary that behaves as the
 * engine's keychain store does with a locked Secret Service: it was reachable at start (so it still says
 * it is available), reads and writes fail with the binding's error, and a deletion fails silently (the
 * store ignores the binding's error, as it does for an entry already gone) so the entry stays.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SecretStore } from '../../../src/main/engine/secrets/secret-store';
import { channelSecretName } from '../../../src/main/engine/secrets/secret-names';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { accountsOf, ALL_SCOPES, api, connectEmbedded, newCaller, waitSettled } from '../sync/sync-helpers';

class LockableKeychain implements SecretStore {
  readonly values = new Map<string, string>();
  locked = false;
  assertAvailable(): void {}
  isAvailable(): boolean {
    return true;
  }
  get(name: string): string | null {
    if (this.locked) throw new Error('Platform failure: the collection is locked');
    return this.values.get(name) ?? null;
  }
  set(name: string, value: string): void {
    if (this.locked) throw new Error('Platform failure: the collection is locked');
    this.values.set(name, value);
  }
  delete(name: string): void {
    if (!this.locked) this.values.delete(name);
  }
}

const keychain = new LockableKeychain();
let engine: TestEngine;
beforeAll(async () => {
  engine = await startTestEngine({ secrets: keychain });
});
afterAll(async () => {
  await engine?.stop();
});
afterEach(() => {
  keychain.locked = false;
});

function channelIdsOf(connectionId: string): number[] {
  return engine.ctx.db.prepare('SELECT id FROM channels WHERE connection_id = ?').pluck().all(Number(connectionId)) as number[];
}

describe('deleting while the keychain is locked', () => {
  it('DELETE /connections/{id} answers 503, keeps the connection and its password, and deletes both once unlocked', async () => {
    const c = newCaller(engine);
    const id = await connectEmbedded(c, 'user_ok');
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const [channel] = channelIdsOf(id);
    expect(keychain.values.get(channelSecretName(channel))).toContain('pass_ok');

    keychain.locked = true;
    const refused = await api(c, `/connections/${id}`, { method: 'DELETE' });
    expect(refused.status).toBe(503);
    const body = (await refused.json()) as { error: string; error_description: string };
    expect(body.error).toBe('secret_store_unavailable');
    expect(body.error_description).toMatch(/keychain is locked/);
    expect(body.error_description).toMatch(/unlock/i);
    expect(keychain.values.get(channelSecretName(channel))).toContain('pass_ok');
    expect((await api(c, `/connections/${id}`)).status).toBe(200);
    expect(await accountsOf(c, id)).toHaveLength(4);

    keychain.locked = false;
    expect((await api(c, `/connections/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(keychain.values.has(channelSecretName(channel))).toBe(false);
    expect((await api(c, `/connections/${id}`)).status).toBe(404);
  });

  it('a connection whose channels hold no credentials is deleted even while the keychain is locked', async () => {
    const c = newCaller(engine);
    const id = await connectEmbedded(c, 'user_ok');
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const [channel] = channelIdsOf(id);
    // As after a channel lost its credentials: nothing of the person's is left in the keychain for it.
    engine.ctx.db.prepare('UPDATE channels SET has_secret = 0 WHERE connection_id = ?').run(Number(id));
    keychain.values.delete(channelSecretName(channel));

    keychain.locked = true;
    expect((await api(c, `/connections/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(c, `/connections/${id}`)).status).toBe(404);
  });

  it('DELETE /users/me answers 503 and keeps the user while a bank password cannot be removed', async () => {
    const base = newCaller(engine);
    const c = { ...base, token: engine.userToken(base.userId, [...ALL_SCOPES, 'profile_edit']) };
    const id = await connectEmbedded(c, 'user_ok');
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const [channel] = channelIdsOf(id);

    keychain.locked = true;
    const refused = await api(c, '/users/me', { method: 'DELETE' });
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: string }).error).toBe('secret_store_unavailable');
    expect(keychain.values.has(channelSecretName(channel))).toBe(true);
    expect((await api(c, `/connections/${id}`)).status).toBe(200);

    keychain.locked = false;
    expect((await api(c, '/users/me', { method: 'DELETE' })).status).toBe(204);
    expect(keychain.values.has(channelSecretName(channel))).toBe(false);
  });
});
