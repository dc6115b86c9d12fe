import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { apiCreateUser, passwordGrant, tokenRequest, integrator } from './identity-helpers';

/** Extension PUT /users/{id}/password (docs/local-api.md): current password checked, other sessions end. */
let engine: TestEngine;
beforeAll(async () => {
  engine = await startTestEngine();
});
afterAll(async () => engine.stop());

async function signIn(email: string, password: string) {
  return passwordGrant(engine, email, password, 'profile profile_edit');
}

/** A user who accepted the terms (the route is behind the terms gate). */
async function newUser() {
  const user = await apiCreateUser(engine);
  const { body } = await signIn(user.email, user.password);
  const accepted = await engine.http('/v2/users/me/terms', { method: 'POST', token: body.access_token, json: {} });
  expect(accepted.status).toBe(204);
  return user;
}

const change = (token: string, body: unknown, id = 'me') =>
  engine.http(`/v2/users/${id}/password`, { method: 'PUT', token, json: body });

describe('PUT /users/{id}/password', () => {
  it('changes the password: this session goes on, other sessions end, the old password no longer signs in', async () => {
    const user = await newUser();
    const here = (await signIn(user.email, user.password)).body;
    const elsewhere = (await signIn(user.email, user.password)).body;

    const res = await change(here.access_token, { current_password: user.password, new_password: 'a-new-password' });
    expect(res.status).toBe(204);

    // This session: its access token works and its refresh token renews.
    expect((await engine.http('/v2/users/me', { token: here.access_token })).status).toBe(200);
    const i = integrator(engine);
    const renewed = await tokenRequest(engine, {
      grant_type: 'refresh_token',
      client_id: i.client_id,
      client_secret: i.client_secret,
      refresh_token: here.refresh_token,
    });
    expect(renewed.status).toBe(200);
    // The other session: both tokens revoked.
    expect((await engine.http('/v2/users/me', { token: elsewhere.access_token })).status).toBe(401);
    const stale = await tokenRequest(engine, {
      grant_type: 'refresh_token',
      client_id: i.client_id,
      client_secret: i.client_secret,
      refresh_token: elsewhere.refresh_token,
    });
    expect(stale.status).toBe(400);
    expect(stale.body.error).toBe('invalid_grant');

    expect((await signIn(user.email, user.password)).status).toBe(400);
    expect((await signIn(user.email, 'a-new-password')).status).toBe(200);
  });

  it('refuses a wrong current password and a new one outside the rules with the error body', async () => {
    const user = await newUser();
    const { access_token } = (await signIn(user.email, user.password)).body;
    const wrong = await change(access_token, { current_password: 'not-it-at-all', new_password: 'a-new-password' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: 'invalid_request', error_description: 'current_password is wrong' });
    const short = await change(access_token, { current_password: user.password, new_password: 'short' });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({
      error: 'invalid_request',
      error_description: 'new_password must have at least 8 characters',
    });
    const missing = await change(access_token, { current_password: user.password });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as any).error).toBe('invalid_request');
    const typed = await change(access_token, { current_password: 12, new_password: 'a-new-password' });
    expect(typed.status).toBe(400);
    // Nothing changed.
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it('slows down repeated wrong passwords like sign-in (429 with Retry-After), sharing the e-mail’s throttle', async () => {
    const user = await newUser();
    const { access_token } = (await signIn(user.email, user.password)).body;
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let n = 0; n < 4; n++) {
      last = await change(access_token, { current_password: `wrong-${n}-password`, new_password: 'a-new-password' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await last!.json()) as any).error).toBe('invalid_request');
    // The sign-in of that e-mail is slowed down too.
    const grant = await passwordGrant(engine, user.email, user.password);
    expect(grant.status).toBe(429);
  });

  it('answers 404 for another user’s id', async () => {
    const a = await newUser();
    const b = await newUser();
    const { access_token } = (await signIn(a.email, a.password)).body;
    const res = await change(access_token, { current_password: a.password, new_password: 'a-new-password' }, b.id);
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).error).toBe('not_found');
  });
});
