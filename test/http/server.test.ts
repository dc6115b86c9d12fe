import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startTestEngine, type TestEngine } from '../helpers/engine';

let engine: TestEngine;
beforeAll(async () => {
  engine = await startTestEngine();
});
afterAll(async () => engine.stop());

describe('server basics (docs/api/server.md)', () => {
  it('listens on 127.0.0.1 only and writes server.json with mode 0600', async () => {
    const { readFileSync, statSync } = await import('node:fs');
    const file = `${engine.dataDir}/server.json`;
    const info = JSON.parse(readFileSync(file, 'utf8'));
    expect(info.host_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.base_url).toBe(`${info.host_url}/v2`);
    expect(info.auth_url).toBe(`${info.host_url}/auth`);
    expect(info.widget_url).toBe(`${info.host_url}/embed`);
    expect(info.pid).toBe(process.pid);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const address = engine.app.server.address();
    expect(typeof address === 'object' && address?.address).toBe('127.0.0.1');
  });

  it('answers 421 to a foreign Host header', async () => {
    for (const host of ['attacker.example', 'attacker.example:80', `127.0.0.2:${new URL(engine.urls.host_url).port}`]) {
      const res = await rawRequest(`${engine.urls.host_url}/health`, { headers: { host } });
      expect(res.status, host).toBe(421);
      expect(res.json()).toMatchObject({ error: 'misdirected_request' });
    }
  });

  it('accepts localhost and [::1] as Host', async () => {
    const port = new URL(engine.urls.host_url).port;
    for (const host of [`localhost:${port}`, `[::1]:${port}`, `127.0.0.1:${port}`]) {
      const res = await rawRequest(`${engine.urls.host_url}/health`, { headers: { host } });
      expect(res.status, host).toBe(200);
    }
  });

  it('answers 403 origin_not_allowed to a foreign Origin and serves its own', async () => {
    const bad = await engine.http('/health', { headers: { origin: 'https://evil.example' } });
    expect(bad.status).toBe(403);
    expect(await bad.json()).toMatchObject({ error: 'origin_not_allowed' });
    expect(bad.headers.get('access-control-allow-origin')).toBeNull();
    const own = await engine.http('/health', { headers: { origin: engine.urls.host_url } });
    expect(own.status).toBe(200);
  });

  it('answers unknown API routes with the 404 error body', async () => {
    for (const path of ['/v2/nope', '/v2.1/nope', '/auth/nope', '/nope.json']) {
      const res = await engine.http(path);
      expect(res.status, path).toBe(404);
      const body = (await res.json()) as any;
      expect(body.error).toBe('not_found');
      expect(typeof body.error_description).toBe('string');
    }
  });

  it('serves the OpenAPI 3.1 document under /v2 and /v2.1', async () => {
    for (const prefix of ['/v2', '/v2.1']) {
      const res = await engine.http(`${prefix}/openapi.json`);
      expect(res.status).toBe(200);
      const doc = (await res.json()) as any;
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.components.securitySchemes.oauth2.type).toBe('oauth2');
      expect(Object.keys(doc.paths).some((p) => p.startsWith('/v2.1'))).toBe(false);
    }
  });
});


describe('request bodies and their errors (docs/api/request-bodies.md#json)', () => {
  const url = () => `${engine.urls.base_url}/users/availability`;

  it('malformed JSON → 400 invalid_request', async () => {
    const res = await rawRequest(url(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('a body over 1 MiB → 413 payload_too_large', async () => {
    const body = JSON.stringify({ email: 'a@b.co', pad: 'x'.repeat(1024 * 1024) });
    const res = await rawRequest(url(), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(413);
    expect(res.json()).toMatchObject({ error: 'payload_too_large' });
  });

  it('a form body on a JSON route → 400, not silently accepted', async () => {
    const res = await rawRequest(url(), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=a%40b.co' });
    expect(res.status).toBe(400);
    expect(res.json().error_description).toMatch(/application\/json/);
  });

  it('an unknown content type → 400 invalid_request', async () => {
    const res = await rawRequest(url(), { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<a/>' });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('an empty JSON body is "no body": a route that needs one says what is missing', async () => {
    const res = await rawRequest(url(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '' });
    expect(res.status).toBe(400);
    expect(res.json().error).toBe('invalid_request');
  });

  it('the token endpoint still takes form bodies (the one exception besides the widget session)', async () => {
    const res = await rawRequest(`${engine.urls.auth_url}/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials&client_id=nope&client_secret=nope' });
    // Parsed as a form, so the client is checked: RFC 6749 answers 400 invalid_client for body credentials.
    expect(res.status).toBe(400);
    expect(res.json().error).toBe('invalid_client');
  });
});
