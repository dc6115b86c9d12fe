import type { FastifyInstance } from 'fastify';
import { acceptEmptyJsonBody } from '../http/empty-json-body';
import type { EngineContext } from '../context';
import { notFound } from '../http/errors';
import { defineRoutes } from '../http/route-module';
import { offsetOf, pageLimitProperties, sendList, totalCountHeader } from '../http/list-params';
import { installSignedResponses } from '../http/signed-responses';
import { signKeyRecord } from '../signing/signing-keys';
import { errorSchema } from '../http/error-schema';

const TAGS = ['Signed responses'];

export const signKeySchema = {
  type: 'object',
  required: ['id', 'public_key', 'deprecated'],
  properties: {
    id: { type: 'string' },
    public_key: { type: 'string', description: 'PEM (SPKI) of the ES256 (P-256) public key.' },
    deprecated: {
      type: ['string', 'null'],
      format: 'date-time',
      description:
        'ISO 8601 date-time of the rotation that retired the key; signatures made with it must not be trusted. Null while current.',
    },
  },
} as const;

const SIGN_DOC =
  'Any request may add sign_response=true: an answer with a body (every GET, every non-204 answer, errors ' +
  'included) then comes as {"token": <ES256 JWS>} whose payload is {request_url, response_timestamp, response_payload}. ' +
  'See GET {host_url}/sign-keys.';

/** POST /admin/sign-keys/rotate (see docs/api/signed-responses.md and docs/api/admin.md#paths). */
export const signedResponseApiRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    app.register(async (api) => {
      acceptEmptyJsonBody(api);
      api.post(
        '/admin/sign-keys/rotate',
        {
          config: { access: { kind: 'client', scopes: ['admin'] } },
          schema: {
            summary: 'Rotate the response-signing key',
            description:
              'Makes a new signing key and signs with it from now on. The previous key stays published under ' +
              '{host_url}/sign-keys with `deprecated` set to the rotation time (verifiers then reject what it signed); ' +
              'its private half is removed from the keychain. No body. ' +
              SIGN_DOC,
            tags: ['Admin'],
            'x-coffer-extension': true,
            response: {
              201: {
                ...signKeySchema,
                headers: { Location: { type: 'string', description: '{host_url}/sign-keys/<id>' } },
              },
              503: errorSchema,
            },
          },
        },
        async (_request, reply) => {
          const row = ctx.signingKeys.rotate();
          reply.status(201).header('location', `${ctx.urls.host_url}/sign-keys/${encodeURIComponent(row.id)}`);
          return signKeyRecord(row);
        },
      );
    });
  },
});

function registerPublicKeys(app: FastifyInstance, ctx: EngineContext): void {
  app.get<{ Querystring: { page: number; limit: number } }>(
    '/sign-keys',
    {
      config: { access: { kind: 'public' } },
      schema: {
        summary: 'Response-signing public keys',
        description:
          'Every signing key, oldest first: the current one (deprecated null) and the retired ones. ' + SIGN_DOC,
        tags: TAGS,
        querystring: { type: 'object', properties: pageLimitProperties },
        response: { 200: { type: 'array', items: signKeySchema, headers: totalCountHeader } },
      },
    },
    async (request, reply) => {
      const rows = ctx.signingKeys.list();
      const { page, limit } = request.query;
      const start = offsetOf({ page, limit });
      return sendList(reply, rows.slice(start, start + limit).map(signKeyRecord), rows.length);
    },
  );

  app.get<{ Params: { key_id: string } }>(
    '/sign-keys/:key_id',
    {
      config: { access: { kind: 'public' } },
      schema: {
        summary: 'One response-signing public key',
        description:
          'The key a signed answer names in its `kid` (its `key_url`). Reject the signature when `deprecated` is set.',
        tags: TAGS,
        params: { type: 'object', required: ['key_id'], properties: { key_id: { type: 'string' } } },
        response: { 200: signKeySchema, 404: errorSchema },
      },
    },
    async (request) => {
      const row = ctx.signingKeys.find(request.params.key_id);
      if (!row) throw notFound('signing key', request.params.key_id);
      return signKeyRecord(row);
    },
  );
}

/**
 * {host_url}/sign-keys, and the signing hooks. Installed on the root instance they cover every route, the
 * /v2 and /v2.1 ones included (Fastify composes a route's hooks from its ancestors when the server becomes
 * ready); test/http/events/signed-responses.test.ts checks root, /v2, /v2.1 and nested-plugin routes.
 */
export const signKeyRoutes = defineRoutes({
  mount: 'root',
  register(app, ctx) {
    installSignedResponses(app, ctx);
    registerPublicKeys(app, ctx);
  },
});
