import { afterEach, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';

let engine: TestEngine | undefined;
afterEach(async () => {
  await engine?.stop();
  engine = undefined;
});

interface ErrorBody {
  error: string;
  error_description: string;
}

/**
 * The database cannot grow past its current size: SQLite's own limit on the number of pages
 * (`max_page_count`) answers SQLITE_FULL exactly where a full disk would, on the engine's real connection.
 */
function fillTheDisk(e: TestEngine): void {
  e.ctx.db.exec('VACUUM');
  const pages = e.ctx.db.pragma('page_count', { simple: true }) as number;
  e.ctx.db.pragma(`max_page_count = ${pages}`);
}

describe('a full disk', () => {
  it('a write answers 503 secret_store_unavailable saying the disk is full, the data stays as it was, reads go on, and writes work again once there is room', async () => {
    engine = await startTestEngine();
    const e = engine;
    const admin = e.clientToken(['users_create']);
    const userId = e.createUser('reader@example.com');
    const reader = e.userToken(userId, ['profile']);
    fillTheDisk(e);
    const usersBefore = e.ctx.db.prepare('SELECT count(*) FROM users').pluck().get() as number;

    let created = 0;
    let refused: Response | undefined;
    for (let i = 0; i < 200 && !refused; i++) {
      const res = await e.http('/v2/users', { method: 'POST', token: admin, json: { email: `new${i}@example.com`, password: 'long enough password' } });
      if (res.status === 201) created++;
      else refused = res;
    }
    expect(refused?.status).toBe(503);
    const body = (await refused!.json()) as ErrorBody;
    expect(body.error).toBe('secret_store_unavailable');
    expect(body.error_description).toMatch(/the disk is full, so nothing was saved: free some space/);
    // Nothing half-written: exactly the users whose creation was answered 201.
    expect(e.ctx.db.prepare('SELECT count(*) FROM users').pluck().get()).toBe(usersBefore + created);
    // Reads are still served, and the engine is not refusing (a full disk is not a damaged database).
    const me = await e.http('/v2/users/me', { token: reader });
    expect(me.status).toBe(200);
    expect(((await (await e.http('/health')).json()) as { status: string }).status).toBe('ok');

    // Room again: the same write goes through.
    e.ctx.db.pragma('max_page_count = 1073741823');
    const again = await e.http('/v2/users', { method: 'POST', token: admin, json: { email: 'again@example.com', password: 'long enough password' } });
    expect(again.status).toBe(201);
  });
});
