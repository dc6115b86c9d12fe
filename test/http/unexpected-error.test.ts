import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../helpers/engine';

let engine: TestEngine;
beforeAll(async () => {
  engine = await startTestEngine();
});
afterAll(async () => {
  await engine.app.close();
});

it('an unexpected failure answers 500 with a correlation id and no internals', async () => {
  const userId = engine.createUser();
  const token = engine.userToken(userId, ['profile']);
  // Break the engine for real: the database goes away under the running server.
  engine.ctx.db.close();
  const res = await engine.http('/v2/users/me', { token });
  expect(res.status).toBe(500);
  const body = (await res.json()) as { error: string; error_description: string };
  expect(body.error).toBe('internal_error');
  const correlation = res.headers.get('x-correlation-id');
  expect(correlation).toMatch(/^[0-9a-f-]{36}$/);
  expect(body.error_description).toContain(correlation!);
  expect(JSON.stringify(body)).not.toMatch(/at |\.ts|database|sqlite/i);
});
