import { userIdOf } from '../http/access-control';
import { notFound } from '../http/errors';
import { defineRoutes } from '../http/route-module';
import { KEY_LIFETIME_SECONDS } from '../services/keys';

const MANAGE = { kind: 'user', scopes: ['connections_manage'] } as const;

const keySchema = {
  type: 'object',
  required: ['id', 'algorithm', 'public_key', 'jwk', 'creation_date', 'expires'],
  properties: {
    id: { type: 'string' },
    algorithm: { type: 'string', enum: ['RSA-OAEP-256'] },
    public_key: { type: 'string', description: 'PEM (SPKI) of the RSA-2048 public key.' },
    jwk: { type: 'object', additionalProperties: true, description: 'The same public key as a JWK (kid = id).' },
    creation_date: { type: 'integer' },
    expires: { type: 'integer', description: `creation_date + ${KEY_LIFETIME_SECONDS} seconds.` },
  },
} as const;

export const keyRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    const keys = ctx.services.keys;

    app.post(
      '/keys',
      {
        config: { access: MANAGE },
        schema: {
          summary: 'Create an encryption key',
          description:
            'An RSA-2048 key that lives 15 minutes. Encrypt credential values flagged encrypt as compact JWEs with alg ' +
            'RSA-OAEP-256, enc A256GCM and kid = the key id. The private half never leaves the engine\'s memory.',
          tags: ['Keys'],
          response: { 201: { ...keySchema, description: 'Created; Location: /keys/<id>.' } },
        },
      },
      async (request, reply) => {
        const key = await keys.create(userIdOf(request));
        return reply.status(201).header('location', `/keys/${key.id}`).send(key);
      },
    );

    app.get<{ Params: { id: string } }>(
      '/keys/:id',
      {
        config: { access: MANAGE },
        schema: {
          summary: 'Get an encryption key',
          tags: ['Keys'],
          params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
          response: { 200: { ...keySchema, description: 'The key.' } },
        },
      },
      async (request) => {
        const key = keys.get(userIdOf(request), request.params.id);
        if (!key) throw notFound('key', request.params.id);
        return key;
      },
    );
  },
});
