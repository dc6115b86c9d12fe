import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';

let engine: TestEngine;
let doc: any;
beforeAll(async () => {
  engine = await startTestEngine();
  doc = await (await engine.http('/v2/openapi.json')).json();
});
afterAll(async () => engine.stop());

describe('OpenAPI description of the identity routes', () => {
  it('documents every users operation with its scopes', () => {
    const op = (path: string, method: string) => doc.paths[path]?.[method];
    expect(op('/v2/users', 'post').security).toEqual([{ clientCredentials: ['users_create'] }]);
    expect(op('/v2/users/availability', 'post').security).toBeUndefined();
    expect(op('/v2/users/{id}', 'get').security).toEqual([
      { oauth2: ['profile', 'profile_edit'] },
      { bearer: ['profile', 'profile_edit'] },
    ]);
    for (const [path, method] of [
      ['/v2/users/{id}', 'put'],
      ['/v2/users/{id}', 'delete'],
      ['/v2/users/{id}/properties', 'get'],
      ['/v2/users/{id}/properties', 'put'],
      ['/v2/users/{id}/terms', 'post'],
    ]) {
      expect(op(path, method), `${method} ${path}`).toBeDefined();
      expect(op(path, method).summary).toEqual(expect.any(String));
      expect(op(path, method).tags).toEqual(['Users']);
    }
  });

  it('marks the extensions and documents the authorization server', () => {
    for (const [path, method] of [
      ['/v2/users/{id}/terms', 'get'],
      ['/v2/users/{id}/tokens', 'get'],
      ['/v2/users/{id}/tokens', 'post'],
      ['/v2/users/{id}/tokens/{token_id}', 'delete'],
      ['/v2/admin/clients', 'get'],
      ['/v2/admin/clients', 'post'],
      ['/v2/admin/clients/{client_id}', 'delete'],
    ]) {
      expect(doc.paths[path]?.[method]?.['x-coffer-extension'], `${method} ${path}`).toBe(true);
    }
    expect(doc.paths['/auth/token'].post.description).toContain('refresh_token');
    expect(doc.paths['/auth/authorize'].get).toBeDefined();
    expect(doc.components.securitySchemes.oauth2.flows.authorizationCode.tokenUrl).toBe('/auth/token');
  });
});
