import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { adminCreateClient, apiCreateUser, form, integrator, pkcePair, tokenRequest } from './identity-helpers';

let engine: TestEngine;
let user: { id: string; email: string; password: string };
beforeAll(async () => {
  engine = await startTestEngine();
  user = await apiCreateUser(engine, { password: 'secret-pass-1' });
});
afterAll(async () => engine.stop());

const REDIRECT = 'http://127.0.0.1:53682/callback';

function authorizeParams(overrides: Record<string, string | undefined> = {}) {
  const pkce = pkcePair();
  const params = {
    response_type: 'code',
    client_id: integrator(engine).client_id,
    redirect_uri: REDIRECT,
    scope: 'profile accounts_read',
    state: 'st-123',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  return { params, verifier: pkce.verifier };
}

const getPage = (params: Record<string, string | undefined>, headers: Record<string, string> = {}) =>
  engine.http(`/auth/authorize?${form(params)}`, { headers });

const postForm = (fields: Record<string, string | undefined>) =>
  engine.http('/auth/authorize', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: engine.urls.host_url },
    body: form(fields),
  });

/** Signs in through the form and returns the code from the redirect. */
async function obtainCode(
  params: Record<string, string | undefined>,
  email = user.email,
  password = user.password,
): Promise<string> {
  const res = await postForm({ ...params, email, password, decision: 'allow' });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  expect(location.searchParams.get('state')).toBe(params.state ?? null);
  return location.searchParams.get('code')!;
}

describe('GET {auth_url}/authorize: the login-and-consent page', () => {
  it('renders a self-contained page naming the application and the scopes in plain words', async () => {
    const { params } = authorizeParams();
    const res = await getPage({ ...params, lng: 'en' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://127.0.0.1:53682");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<strong>Integrator</strong> wants to use your Coffer data');
    expect(html).toContain('See your profile and its properties');
    expect(html).toContain('See your accounts and connections');
    expect(html).not.toContain('Change or delete your profile');
    expect(html).toContain(`name="code_challenge" value="${params.code_challenge}"`);
    expect(html).toContain('type="password"');
    // One script, the show-password toggle, and the policy allows that script only (by its hash).
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(1);
    expect(html.match(/<script/g)).toHaveLength(1);
    const hash = createHash('sha256').update(scripts[0]).digest('base64');
    expect(csp).toContain(`script-src 'sha256-${hash}';`);
    expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))!.trim()).toBe(`script-src 'sha256-${hash}'`);
    expect(html).toContain('<button type="button" id="reveal" class="reveal" aria-pressed="false"');
    expect(html).toContain('aria-controls="password" hidden>Show</button>');
  });

  it('the app signing in to its own engine gets a plain sign-in; the same client sent elsewhere, and others, are asked', async () => {
    const own = authorizeParams({ client_id: 'coffer-app', redirect_uri: `${engine.urls.host_url}/auth-callback` });
    const plain = await (await getPage({ ...own.params, lng: 'en' })).text();
    expect(plain).toContain('Sign in to open your Coffer.');
    expect(plain).not.toContain('wants to use your Coffer data');
    expect(plain).not.toContain('value="deny"');
    expect(plain).toContain('>Sign in</button>');
    // Signing in still needs the password, and gives a code.
    expect(await obtainCode(own.params)).toMatch(/.+/);

    // The app's id with another local program's address: the consent screen, with Deny.
    const borrowed = authorizeParams({ client_id: 'coffer-app', redirect_uri: REDIRECT });
    const asked = await (await getPage({ ...borrowed.params, lng: 'en' })).text();
    expect(asked).toContain('wants to use your Coffer data');
    expect(asked).toContain('value="deny"');
    // A third-party client: the consent screen.
    const third = await (await getPage({ ...authorizeParams().params, lng: 'en' })).text();
    expect(third).toContain('<strong>Integrator</strong> wants to use your Coffer data');
    expect(third).toContain('value="deny"');
  });

  it('speaks French by lng, by Accept-Language, and by default', async () => {
    const { params } = authorizeParams();
    for (const [query, header] of [
      [{ lng: 'fr' }, {}],
      [{}, { 'accept-language': 'fr-CA,en;q=0.5' }],
      [{}, {}],
    ] as const) {
      const html = await (await getPage({ ...params, ...query }, header)).text();
      expect(html).toContain('<html lang="fr">');
      expect(html).toContain('Voir votre profil et ses propriétés');
    }
    const en = await (await getPage(params, { 'accept-language': 'en-GB' })).text();
    expect(en).toContain('<html lang="en">');
  });

  it('escapes what it shows', async () => {
    const c = await adminCreateClient(engine, { name: '<img src=x onerror=alert(1)>', public: true });
    const { params } = authorizeParams({ client_id: c.client_id, state: '"><script>x</script>' });
    const html = await (await getPage(params)).text();
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<script>x</script>');
  });

  it('shows an error page and never redirects for an unknown client or an unregistered redirect URI', async () => {
    for (const overrides of [
      { client_id: 'client_unknown' },
      { client_id: undefined },
      { redirect_uri: 'https://evil.example/cb' },
      { redirect_uri: 'http://127.0.0.2:80/cb' },
      { redirect_uri: undefined },
    ]) {
      const res = await getPage(authorizeParams(overrides).params);
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toContain('class="error"');
    }
  });

  it('accepts loopback redirect URIs of any port for any client (127.0.0.1, [::1], localhost)', async () => {
    for (const redirect_uri of ['http://127.0.0.1:1/x', 'http://[::1]:65000/cb?keep=1', 'http://localhost:8080/']) {
      const res = await getPage(authorizeParams({ redirect_uri }).params);
      expect(res.status, redirect_uri).toBe(200);
    }
  });

  it('redirects other request errors to the client with error and state', async () => {
    const cases: Array<[Record<string, string | undefined>, string]> = [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ code_challenge: undefined }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge_method: undefined }, 'invalid_request'],
      [{ code_challenge: 'short' }, 'invalid_request'],
      [{ scope: 'profile banana' }, 'invalid_scope'],
      [{ scope: 'users_create' }, 'invalid_scope'],
      [{ scope: undefined }, 'invalid_scope'],
    ];
    for (const [overrides, error] of cases) {
      const res = await getPage(authorizeParams(overrides).params);
      expect(res.status, JSON.stringify(overrides)).toBe(302);
      const loc = new URL(res.headers.get('location')!);
      expect(`${loc.origin}${loc.pathname}`).toBe(REDIRECT);
      expect(loc.searchParams.get('error'), JSON.stringify(overrides)).toBe(error);
      expect(loc.searchParams.get('state')).toBe('st-123');
      expect(loc.searchParams.get('iss')).toBe(engine.urls.auth_url);
    }
  });
});

describe('POST {auth_url}/authorize and the code exchange', () => {
  it('signs in, redirects with a code, and the code plus verifier give tokens', async () => {
    const { params, verifier } = authorizeParams({ redirect_uri: 'http://127.0.0.1:53682/callback?app=1' });
    const code = await obtainCode(params);
    expect(code).toMatch(/^cac_/);
    const i = integrator(engine);
    const r = await tokenRequest(engine, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: params.redirect_uri,
      code_verifier: verifier,
      client_id: i.client_id,
      client_secret: i.client_secret,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'profile accounts_read',
      refresh_token: expect.any(String),
      id_token: expect.any(String),
    });
    const me = await engine.http('/v2/users/me', { token: r.body.access_token });
    expect(((await me.json()) as any).id).toBe(user.id);
    // The scope is exactly what was consented: profile_edit is not there.
    const del = await engine.http('/v2/users/me', { method: 'DELETE', token: r.body.access_token });
    expect(del.status).toBe(403);
  });

  it('keeps the query of the redirect URI and adds code, state and iss', async () => {
    const { params } = authorizeParams({ redirect_uri: 'http://localhost:9999/cb?app=1' });
    const res = await postForm({ ...params, email: user.email, password: user.password, decision: 'allow' });
    const loc = new URL(res.headers.get('location')!);
    expect(loc.searchParams.get('app')).toBe('1');
    expect(loc.searchParams.get('iss')).toBe(engine.urls.auth_url);
  });

  it('answers access_denied when the user refuses, without asking for the password', async () => {
    const { params } = authorizeParams();
    const res = await postForm({ ...params, decision: 'deny' });
    expect(res.status).toBe(302);
    const loc = new URL(res.headers.get('location')!);
    expect(loc.searchParams.get('error')).toBe('access_denied');
    expect(loc.searchParams.get('state')).toBe('st-123');
    expect(loc.searchParams.get('code')).toBeNull();
  });

  it('shows the page again with an error for a wrong password (401), and 400 when a field is missing', async () => {
    const { params } = authorizeParams({ lng: 'en' });
    const before = engine.ctx.db.prepare("SELECT COUNT(*) AS n FROM oauth_tokens WHERE kind = 'code'").get() as any;
    const res = await postForm({ ...params, email: user.email, password: 'not-the-password', decision: 'allow' });
    expect(res.status).toBe(401);
    const html = await res.text();
    expect(html).toContain('Wrong e-mail or password.');
    expect(html).toContain(`value="${user.email}"`);
    expect(html).not.toContain('not-the-password');
    const missing = await postForm({ ...params, email: user.email, decision: 'allow' });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('Enter your e-mail and your password.');
    const after = engine.ctx.db.prepare("SELECT COUNT(*) AS n FROM oauth_tokens WHERE kind = 'code'").get() as any;
    expect(after.n).toBe(before.n);
  });

  it('slows the form down after repeated failures (429 page)', async () => {
    const victim = await apiCreateUser(engine);
    const { params } = authorizeParams({ lng: 'en' });
    for (let k = 0; k < 3; k++)
      expect(
        (await postForm({ ...params, email: victim.email, password: 'bad-bad-bad', decision: 'allow' })).status,
      ).toBe(401);
    const res = await postForm({ ...params, email: victim.email, password: victim.password, decision: 'allow' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.text()).toContain('Too many failed attempts');
  });

  it('refuses a wrong verifier, another redirect URI, another client', async () => {
    const i = integrator(engine);
    const other = await adminCreateClient(engine, { name: 'other' });
    const { params, verifier } = authorizeParams();
    const code = await obtainCode(params);
    const base = { grant_type: 'authorization_code', code, client_id: i.client_id, client_secret: i.client_secret };
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...base, redirect_uri: REDIRECT, code_verifier: pkcePair().verifier }, 'invalid_grant'],
      [{ ...base, redirect_uri: 'http://127.0.0.1:53682/other', code_verifier: verifier }, 'invalid_grant'],
      [
        {
          ...base,
          redirect_uri: REDIRECT,
          code_verifier: verifier,
          client_id: other.client_id,
          client_secret: other.client_secret,
        },
        'invalid_grant',
      ],
      [{ ...base, redirect_uri: REDIRECT, code_verifier: 'short' }, 'invalid_request'],
      [{ ...base, redirect_uri: REDIRECT }, 'invalid_request'],
      [{ ...base, code_verifier: verifier }, 'invalid_request'],
      [{ ...base, code: 'cac_unknown', redirect_uri: REDIRECT, code_verifier: verifier }, 'invalid_grant'],
    ];
    for (const [fields, error] of cases) {
      const r = await tokenRequest(engine, fields);
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(r.body.error, JSON.stringify(fields)).toBe(error);
    }
    // None of those consumed the code.
    const ok = await tokenRequest(engine, { ...base, redirect_uri: REDIRECT, code_verifier: verifier });
    expect(ok.status).toBe(200);
  });

  it('a code works once; a second use fails and revokes the tokens the first produced', async () => {
    const i = integrator(engine);
    const { params, verifier } = authorizeParams();
    const code = await obtainCode(params);
    const exchange = () =>
      tokenRequest(engine, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
        client_id: i.client_id,
        client_secret: i.client_secret,
      });
    const first = await exchange();
    expect(first.status).toBe(200);
    expect((await engine.http('/v2/users/me', { token: first.body.access_token })).status).toBe(200);
    const second = await exchange();
    expect(second).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await engine.http('/v2/users/me', { token: first.body.access_token })).status).toBe(401);
    const renew = await tokenRequest(engine, {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
      client_id: i.client_id,
      client_secret: i.client_secret,
    });
    expect(renew.body.error).toBe('invalid_grant');
  });

  it('a code expires after 60 s', async () => {
    const i = integrator(engine);
    const { params, verifier } = authorizeParams();
    const code = await obtainCode(params);
    const realNow = engine.ctx.now;
    const t = realNow();
    engine.ctx.now = () => t + 61;
    try {
      const r = await tokenRequest(engine, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
        client_id: i.client_id,
        client_secret: i.client_secret,
      });
      expect(r).toMatchObject({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'the authorization code expired' },
      });
    } finally {
      engine.ctx.now = realNow;
    }
  });

  it('public clients: PKCE without a secret, registered non-loopback redirect URIs, refresh with client_id only', async () => {
    const c = await adminCreateClient(engine, {
      name: 'Budget app',
      public: true,
      redirect_uris: ['com.example.budget:/oauth'],
    });
    expect(c.client_secret).toBeUndefined();
    const { params, verifier } = authorizeParams({
      client_id: c.client_id,
      redirect_uri: 'com.example.budget:/oauth',
      scope: 'transactions_read',
    });
    const page = await getPage(params);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' com.example.budget:");
    const res = await postForm({ ...params, email: user.email, password: user.password, decision: 'allow' });
    const loc = res.headers.get('location')!;
    expect(loc.startsWith('com.example.budget:/oauth?code=')).toBe(true);
    const code = new URL(loc).searchParams.get('code')!;
    const t = await tokenRequest(engine, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'com.example.budget:/oauth',
      code_verifier: verifier,
      client_id: c.client_id,
    });
    expect(t.status).toBe(200);
    const r = await tokenRequest(engine, {
      grant_type: 'refresh_token',
      refresh_token: t.body.refresh_token,
      client_id: c.client_id,
    });
    expect(r.status).toBe(200);
    expect(r.body.scope).toBe('transactions_read');
    // A confidential client cannot skip its secret.
    const i = integrator(engine);
    const { params: p2, verifier: v2 } = authorizeParams();
    const code2 = await obtainCode(p2);
    const noSecret = await tokenRequest(engine, {
      grant_type: 'authorization_code',
      code: code2,
      redirect_uri: REDIRECT,
      code_verifier: v2,
      client_id: i.client_id,
    });
    expect(noSecret).toMatchObject({ status: 400, body: { error: 'invalid_client' } });
  });
});
