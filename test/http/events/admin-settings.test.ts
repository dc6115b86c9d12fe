import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/main/engine/settings';
import { startTestEngine, type TestEngine } from '../../helpers/engine';

let engine: TestEngine;
let admin: string;
beforeAll(async () => {
  engine = await startTestEngine();
  admin = engine.clientToken(['admin']);
});
afterAll(async () => {
  await engine.stop();
  rmSync(engine.dataDir, { recursive: true, force: true }); // restarted on the same directory below
});

const put = (json: unknown, token = admin) => engine.http('/v2/admin/settings', { method: 'PUT', json, token });

describe('GET/PUT /admin/settings (see docs/api/admin.md#settings)', () => {
  it('shows the defaults, to an admin client token only', async () => {
    const res = await engine.http('/v2/admin/settings', { token: admin });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(DEFAULT_SETTINGS);
    expect((await engine.http('/v2/admin/settings')).status).toBe(401);
    expect((await engine.http('/v2/admin/settings', { token: engine.clientToken(['users_create']) })).status).toBe(403);
    const user = engine.createUser();
    expect(
      (await engine.http('/v2/admin/settings', { token: engine.userToken(user, ['profile', 'connections_manage']) }))
        .status,
    ).toBe(403);
  });

  it('changes the named settings only and answers all of them; the engine reads the new values', async () => {
    const res = await put({ webhook_accounts_threshold: 2, sync_interval_hours: 6, ignored_member: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...DEFAULT_SETTINGS, webhook_accounts_threshold: 2, sync_interval_hours: 6 });
    expect(engine.ctx.settings.get('webhook_accounts_threshold')).toBe(2);
    expect(await (await engine.http('/v2.1/admin/settings', { token: admin })).json()).toMatchObject({
      sync_interval_hours: 6,
    });
    await put({ webhook_accounts_threshold: 100, sync_interval_hours: 12 });
  });

  it.each([
    [{ sync_interval_hours: 0 }],
    [{ sync_interval_hours: '12' }],
    [{ challenge_timeout_seconds: 2.5 }],
    [{ webhook_accounts_threshold: -5 }],
    [{ max_parallel_syncs: 1000 }],
    [{ allowed_origins: 'http://localhost:3000' }],
    [{ allowed_origins: ['http://localhost:3000/path'] }],
    [{ max_parallel_syncs: 8, challenge_timeout_seconds: 'soon' }],
  ])('refuses %j with 400 and changes nothing', async (body) => {
    const before = await (await engine.http('/v2/admin/settings', { token: admin })).json();
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request' });
    expect(await (await engine.http('/v2/admin/settings', { token: admin })).json()).toEqual(before);
  });

  it('refuses a body that is not a JSON object', async () => {
    const res = await engine.http('/v2/admin/settings', {
      method: 'PUT',
      token: admin,
      headers: { 'content-type': 'application/json' },
      body: '[1]',
    });
    expect(res.status).toBe(400);
  });

  it('allowed_origins takes effect at once for browser requests (the Origin check)', async () => {
    const origin = 'http://localhost:5173';
    const before = await engine.http('/health', { headers: { origin } });
    expect(before.status).toBe(403);
    expect((await put({ allowed_origins: [origin] })).status).toBe(200);
    expect((await engine.http('/health', { headers: { origin } })).status).toBe(200);
    await put({ allowed_origins: [] });
    expect((await engine.http('/health', { headers: { origin } })).status).toBe(403);
  });

  it('keeps the settings across a restart', async () => {
    await put({ challenge_timeout_seconds: 120 });
    const dataDir = engine.dataDir;
    await engine.close();
    engine = await startTestEngine({ dataDir });
    admin = engine.clientToken(['admin']);
    expect(await (await engine.http('/v2/admin/settings', { token: admin })).json()).toMatchObject({
      challenge_timeout_seconds: 120,
    });
  });
});
