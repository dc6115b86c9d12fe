/**
 * GET /users/me/export and POST /users/me/import: one user's data as a versioned JSON document
 * (docs/export-format.md). HTTP only: the export-import service reads, checks and writes.
 */
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { userIdOf } from '../http/access-control';
import { defineRoutes } from '../http/route-module';
import { EXPORT_LIST_NAMES } from '../domain/export-document';
import { limitedBody, MAX_IMPORT_BYTES, tooLarge } from './import-body';

const READ = { kind: 'user', scopes: ['profile', 'profile_edit'] } as const;
const EDIT = { kind: 'user', scopes: ['profile_edit'] } as const;
const TAGS = ['Users'];
const ext = { 'x-coffer-extension': true };
const errorBody = { type: 'object', properties: { error: { type: 'string' }, error_description: { type: 'string' } } } as const;
const counts = {
  type: 'object',
  properties: Object.fromEntries(EXPORT_LIST_NAMES.map((n) => [n, { type: 'integer' }])),
} as const;

const JSON_TYPES = ['application/json'];

function fileName(now: Date): string {
  return `coffer-export-${now.toISOString().slice(0, 10)}.json`;
}

export const exportImportRoutes = defineRoutes({
  mount: 'api',
  async register(app, ctx) {
    const service = ctx.services.exportImport;

    app.get(
      '/users/me/export',
      {
        config: { access: READ },
        schema: {
          summary: 'Export my data (extension)',
          description:
            'Everything the person made, as one JSON document (format "coffer-export", version 1, described in ' +
            'docs/export-format.md): profile, connections (without credentials), accounts, balances, transactions ' +
            'with notes, tags and categories, rules and learnt categories. Never a credential, token or key. ' +
            'Streamed, as a file to download.',
          tags: TAGS,
          ...ext,
          produces: JSON_TYPES,
          response: { 200: { type: 'object', description: 'The export document.', additionalProperties: true } },
        },
      },
      async (request: FastifyRequest, reply) => {
        const userId = userIdOf(request);
        reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName(new Date(ctx.now() * 1000))}"`)
          .header('cache-control', 'no-store');
        return reply.send(Readable.from(service.exportChunks(userId)));
      },
    );

    // The import reads a body of up to 1 GiB as a stream: its JSON parser lives in this scope only.
    await app.register(async (scoped) => {
      scoped.removeContentTypeParser('application/json');
      scoped.addContentTypeParser('application/json', (_request, payload, done) => done(null, payload));
      scoped.post(
        '/users/me/import',
        {
          config: { access: EDIT },
          bodyLimit: MAX_IMPORT_BYTES,
          validatorCompiler: () => () => true,
          preParsing: async (request, _reply, payload) => {
            const length = Number(request.headers['content-length']);
            if (Number.isFinite(length) && length > MAX_IMPORT_BYTES) throw tooLarge();
            return payload;
          },
          schema: {
            summary: 'Import my data (extension)',
            description:
              'Imports a document made by GET /users/me/export into a user who has no data yet (409 conflict ' +
              'otherwise), at most 1 GiB. Records get new ids and keep their links; connections come without ' +
              'credentials: their status is NEEDS_SECRET until the person gives them again. A document that is ' +
              'not right is refused whole (400, the first bad place named as a JSON path) and nothing is written.',
            tags: TAGS,
            ...ext,
            consumes: JSON_TYPES,
            body: { type: 'object', description: 'An export document.', additionalProperties: true },
            response: {
              201: { type: 'object', properties: { imported: counts }, required: ['imported'] },
              400: errorBody,
              409: errorBody,
            },
          },
        },
        async (request, reply) => {
          const userId = userIdOf(request);
          const imported = await service.importStream(userId, limitedBody(request.body));
          return reply.status(201).send({ imported });
        },
      );
    });
  },
});
