import { afterAll, beforeAll, expect, it } from 'vitest';
import { rawRequest, startTestEngine, type TestEngine } from '../../helpers/engine';

// During roll-out step 1, a batch member gets the Legacy Bank's REDIRECT consent address and can go through the
// consent page the engine serves for it; a user outside the batch cannot (see docs/api/rollout.md#batches).
let engine: TestEngine;
let admin: string;
beforeAll(async () => {
  engine = await startTestEngine();
  admin = engine.clientToken(['admin']);
});
afterAll(async () => engine.stop());

const hiddenFields = (html: string) =>
  Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2].replace(/&amp;/g, '&')]));

it('a batch member goes through the Legacy Bank consent page and gets a code; an outsider gets no address', async () => {
  const member = engine.createUser();
  const outsider = engine.createUser();
  const res = await engine.http('/v2/admin/providers/9100/rollout', { method: 'POST', token: admin, json: { step: 1, users: [String(member)] } });
  expect(res.status).toBe(200);

  const ask = (user: number) =>
    engine.http('/v2/providers/9100/channel_definitions/910001/authorize_url', {
      method: 'POST',
      token: engine.userToken(user, ['connections_manage']),
      json: { redirect_uri: 'http://127.0.0.1:9/cb', state: 's1' },
    });
  expect((await ask(outsider)).status).toBe(400);
  const granted = await ask(member);
  expect(granted.status, await granted.clone().text()).toBe(200);
  const { url } = (await granted.json()) as { url: string };
  expect(new URL(url).pathname).toBe('/providers/9100/consent');

  const page = await engine.http(url.replace(engine.urls.host_url, ''));
  expect(page.status, await page.clone().text()).toBe(200);
  const fields = hiddenFields(await page.text());
  const post = (extra: Record<string, string | string[]>) => {
    const body = new URLSearchParams(fields);
    for (const [k, v] of Object.entries(extra)) {
      body.delete(k);
      for (const x of [v].flat()) body.append(k, x);
    }
    return rawRequest(`${engine.urls.host_url}/providers/9100/consent`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: engine.urls.host_url },
      body: body.toString(),
    });
  };
  const choose = await post({ step: 'login', login: 'user_ok', decision: 'continue' });
  expect(choose.status).toBe(200);
  const refs = [...choose.text.matchAll(/name="accounts" value="([^"]+)"/g)].map((m) => m[1]);
  expect(refs.length).toBeGreaterThan(0);
  const approved = await post({ step: 'decide', login: 'user_ok', decision: 'approve', accounts: refs });
  expect(approved.status).toBe(302);
  const back = new URL(String(approved.headers.location));
  expect(back.origin + back.pathname).toBe('http://127.0.0.1:9/cb');
  expect(back.searchParams.get('state')).toBe('s1');
  expect(back.searchParams.get('code')).toBeTruthy();
});

it('answers 400 for a provider whose connector has no consent page', async () => {
  const page = await engine.http('/providers/9500/consent?provider_id=9500&channel_definition_id=950001&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2F&state=x&exp=9999999999&sig=x');
  expect(page.status).toBe(400);
});
