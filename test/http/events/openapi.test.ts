import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';

let engine: TestEngine;
let doc: any;
beforeAll(async () => {
  engine = await startTestEngine();
  doc = await (await engine.http('/v2/openapi.json')).json();
});
afterAll(async () => engine.stop());

describe('OpenAPI description of the events, webhook, signing, settings and roll-out routes', () => {
  it.each([
    ['post', '/v2/queues/subscribe', false],
    ['get', '/v2/queues/{id}', false],
    ['get', '/sign-keys', false],
    ['get', '/sign-keys/{key_id}', false],
    ['post', '/v2/admin/sign-keys/rotate', true],
    ['put', '/v2/admin/webhook', true],
    ['get', '/v2/admin/webhook', true],
    ['delete', '/v2/admin/webhook', true],
    ['get', '/v2/admin/webhook/deliveries', true],
    ['get', '/v2/admin/settings', true],
    ['put', '/v2/admin/settings', true],
    ['get', '/v2/admin/providers/{id}/rollout', true],
    ['post', '/v2/admin/providers/{id}/rollout', true],
  ])('%s %s is described (extension: %s)', (method, path, extension) => {
    const op = doc.paths[path]?.[method];
    expect(op, `${method} ${path}`).toBeTruthy();
    expect(op.summary).toBeTruthy();
    expect(op.tags?.length).toBeGreaterThan(0);
    expect(Boolean(op['x-coffer-extension'])).toBe(extension);
    if (extension) expect(op.security).toEqual([{ clientCredentials: ['admin'] }]);
  });

  it('documents the queue record, the signing key and the webhook body (as a callback of PUT /admin/webhook)', () => {
    const queue = doc.paths['/v2/queues/{id}'].get.responses['200'].content['application/json'].schema;
    expect(queue.required).toEqual(['id', 'creation_date', 'events']);
    const key = doc.paths['/sign-keys/{key_id}'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(key.properties)).toEqual(['id', 'public_key', 'deprecated']);
    const callback = doc.paths['/v2/admin/webhook'].put.callbacks.webhookEvent['{$request.body#/url}'].post;
    const body = callback.requestBody.content['application/json'].schema;
    expect(body.properties.event_type.enum).toEqual(['UPDATED']);
    expect(body.properties.resource.required).toEqual(expect.arrayContaining(['account_count', 'accounts', 'user_id']));
    expect(body.properties.connection_updated.required).toEqual(['new_transactions']);
  });
});
