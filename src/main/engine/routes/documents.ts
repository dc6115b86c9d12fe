/**
 * Extensions for statement-files connections (DOCUMENT providers, issue 8):
 * - POST /connections/{id}/documents: upload one statement file (the raw bytes as the body); 202, then the
 *   usual synchronization events;
 * - GET /connections/{id}/documents: what became of each file (imported, failed and why, skipped, pending);
 * - GET/PUT /connections/{id}/document_settings: the CSV column mapping, the date order of QIF/CSV files and
 *   the default currency;
 * - GET /connections/{id}/document_folder: the folder in full, for its owner (the record masks it).
 */
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { userIdOf } from '../http/access-control';
import { catalogueProvider } from '../catalogue/providers';
import type { EngineContext } from '../context';
import { ApiError, badRequest, notFound } from '../http/errors';
import { defineRoutes } from '../http/route-module';
import {
  decimalQueryParams,
  offsetOf,
  pageLimitProperties,
  sendList,
  totalCountHeader,
} from '../http/list-params';
import { parseId } from '../domain/record';
import type { ConnectionRow } from '../store/connections';
import {
  documentFileSchema,
  documentSettingsSchema,
  extensionOf,
  formatBytes,
  MAX_STATEMENT_BYTES,
  parseSettingsBody,
  STATEMENT_EXTENSIONS,
  TEXT_EXTENSIONS,
  uploadName,
  UploadTooLarge,
} from '../statement-files';

const READ = { kind: 'user', scopes: ['accounts_read', 'transactions_read', 'connections_manage'] } as const;
const MANAGE = { kind: 'user', scopes: ['connections_manage'] } as const;
const ext = { 'x-coffer-extension': true } as const;
const idParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;

/** Content types of the upload route, with the extension a file sent without `filename` gets. */
const UPLOAD_TYPES: Record<string, string | null> = {
  'application/x-ofx': 'ofx',
  'application/ofx': 'ofx',
  'application/vnd.intu.qfx': 'qfx',
  'text/csv': 'csv',
  'application/csv': 'csv',
  'application/qif': 'qif',
  'application/x-qif': 'qif',
  'application/xml': 'xml',
  'text/xml': 'xml',
  // Generic types: the `filename` query parameter names the format, else the content does.
  'text/plain': null,
  'application/octet-stream': null,
  // What `curl --data-binary @file` sends when told no type.
  'application/x-www-form-urlencoded': null,
};

const EXTENSIONS = [...STATEMENT_EXTENSIONS, ...TEXT_EXTENSIONS].map((e) => `.${e}`).join(', ');

function mediaType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

/** The caller's statement-files connection: 404 for none (or another user's), 400 for a bank connection. */
export function documentConnection(ctx: EngineContext, request: FastifyRequest<{ Params: { id: string } }>): ConnectionRow {
  const connection = ctx.store.connections.findOwned(userIdOf(request), parseId(request.params.id));
  if (!connection) throw notFound('connection', request.params.id);
  if (catalogueProvider(ctx, connection.provider_id)?.type !== 'DOCUMENT') {
    throw badRequest(
      `connection ${connection.id} is not a statement-files connection (provider ${connection.provider_id})`,
      String(connection.id),
    );
  }
  return connection;
}

/** The stored file name: the `filename` parameter's last part, else `statement.<ext>` from the content type. */
function uploadFileName(type: string, filename: unknown): string {
  if (filename !== undefined) {
    if (typeof filename !== 'string') throw badRequest('query parameter filename must be given once');
    const base = filename.split(/[\\/]/).pop()!.trim();
    if (!base || base.length > 200 || base.startsWith('.') || /[\u0000-\u001f]/.test(base)) {
      throw badRequest('query parameter filename must be a file name of 1 to 200 characters (not starting with a dot)');
    }
    const ext = extensionOf(base);
    if (!STATEMENT_EXTENSIONS.has(ext) && !TEXT_EXTENSIONS.has(ext)) {
      throw badRequest(`query parameter filename must end with a statement extension: ${EXTENSIONS}`);
    }
    return base;
  }
  const ext = UPLOAD_TYPES[type];
  // A type that names no format (text/plain, application/octet-stream) and no filename: the format is told
  // from the content when the file is read, as for the files of a folder.
  return ext ? `statement.${ext}` : 'statement';
}

const uploadSchema = {
  type: 'object',
  required: ['id', 'name', 'file_name', 'size', 'sha256', 'status'],
  properties: {
    id: { type: 'string', description: 'Upload id.' },
    name: { type: 'string', description: 'The entry of GET /connections/{id}/documents that reports on this file.' },
    file_name: { type: 'string' },
    size: { type: 'integer' },
    sha256: { type: 'string' },
    status: { type: 'string', enum: ['PENDING'] },
  },
} as const;

export const documentRoutes = defineRoutes({
  mount: 'api',
  async register(app, ctx) {
    app.get<{ Params: { id: string }; Querystring: { page: number; limit: number } }>(
      '/connections/:id/documents',
      {
        config: { access: READ },
        preValidation: decimalQueryParams(['page', 'limit']),
        schema: {
          summary: 'Statement files of a connection',
          description:
            'Extension for statement-files connections (DOCUMENT providers): every file the synchronizations read from ' +
            'the folder or received by upload, with its outcome. A file that cannot be read is FAILED with an error ' +
            'naming the file and the line or element; files that are not statements (PDF, notes) are SKIPPED. Ordered by name.',
          tags: ['Documents'],
          ...ext,
          params: idParams,
          querystring: { type: 'object', properties: { ...pageLimitProperties } },
          response: {
            200: {
              description: 'The files; an empty array when none.',
              type: 'array',
              items: documentFileSchema,
              headers: totalCountHeader,
            },
          },
        },
      },
      async (request, reply) => {
        const connection = documentConnection(ctx, request);
        const all = await ctx.statementFiles.documents(connection);
        const start = offsetOf(request.query);
        return sendList(reply, all.slice(start, start + request.query.limit), all.length);
      },
    );

    app.get<{ Params: { id: string } }>(
      '/connections/:id/document_folder',
      {
        config: { access: MANAGE },
        schema: {
          summary: 'The folder of a statement-files connection, in full',
          description:
            'The connection record shows the folder masked, like any credential; its owner reads it in full here ' +
            '(scope connections_manage). `folder` is absent when none is kept. 503 when the keychain cannot be read.',
          tags: ['Documents'],
          ...ext,
          params: idParams,
          response: {
            200: {
              type: 'object',
              properties: { folder: { type: 'string', description: 'The absolute path, as it was given.' } },
            },
          },
        },
      },
      async (request) => {
        const folder = ctx.statementFiles.folderOf(documentConnection(ctx, request).id);
        return folder === undefined ? {} : { folder };
      },
    );

    app.get<{ Params: { id: string } }>(
      '/connections/:id/document_settings',
      {
        config: { access: READ },
        schema: {
          summary: 'Statement import settings of a connection',
          tags: ['Documents'],
          ...ext,
          params: idParams,
          response: { 200: { ...documentSettingsSchema, description: 'The settings ({} when none).' } },
        },
      },
      async (request) => ctx.statementFiles.settings(documentConnection(ctx, request)),
    );

    app.put<{ Params: { id: string }; Body: unknown }>(
      '/connections/:id/document_settings',
      {
        config: { access: MANAGE },
        // The body is checked by parseSettingsBody (exact JSON types: "3" names a header, 3 is a column index).
        validatorCompiler: () => () => true,
        schema: {
          summary: 'Set the statement import settings of a connection',
          description:
            'Replaces the settings whole: csv_mapping (CSV columns by header name or 0-based index), date_order (DMY, MDY ' +
            'or auto, for QIF and CSV dates), default_currency. They apply from the next synchronization ' +
            '(POST /connections/{id}/synchronize), which also reads again the files that failed.',
          tags: ['Documents'],
          ...ext,
          params: idParams,
          body: documentSettingsSchema,
          response: { 204: { type: 'null', description: 'Saved.' } },
        },
      },
      async (request, reply) => {
        const connection = documentConnection(ctx, request);
        const settings = parseSettingsBody(request.body);
        if (typeof settings === 'string') throw badRequest(settings);
        ctx.statementFiles.saveSettings(connection.id, settings);
        return reply.status(204).send();
      },
    );

    // The upload route reads a raw body of up to MAX_STATEMENT_BYTES: its parsers live in this scope only.
    await app.register(async (scoped) => {
      for (const type of Object.keys(UPLOAD_TYPES)) {
        if (scoped.hasContentTypeParser(type)) scoped.removeContentTypeParser(type);
        scoped.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
      }
      scoped.post<{ Params: { id: string }; Querystring: { filename?: string; account?: string } }>(
        '/connections/:id/documents',
        {
          config: { access: MANAGE },
          bodyLimit: MAX_STATEMENT_BYTES,
          // The body is a stream (written to disk as it arrives); params and query are checked by the handler.
          validatorCompiler: () => () => true,
          preParsing: async (request, _reply, payload) => {
            const type = mediaType(request);
            if (!(type in UPLOAD_TYPES)) {
              throw badRequest(
                `unsupported Content-Type ${JSON.stringify(type || '(none)')}: send the file itself as ${Object.keys(UPLOAD_TYPES).join(', ')}`,
              );
            }
            const length = Number(request.headers['content-length']);
            if (Number.isFinite(length) && length > MAX_STATEMENT_BYTES) throw tooLarge();
            return payload;
          },
          schema: {
            summary: 'Upload a statement file',
            description:
              'Extension for statement-files connections: the body is the file itself (OFX/QFX, QIF, CSV, CAMT.052/053/054 or ' +
              'MT940), at most 100 MB. Content-Type application/x-ofx, application/vnd.intu.qfx, text/csv, application/qif ' +
              '(application/x-qif), application/xml (text/xml) for CAMT; with text/plain or application/octet-stream the ' +
              '`filename` query parameter names the format by its extension (e.g. statement.sta for MT940), and without ' +
              'it the format is detected from the content. The file is ' +
              'kept, then a synchronization of the connection imports it: 202 at once, then the usual events ' +
              '(RUNNING, then SUCCESS or FAILED) in queues and the webhook. Its outcome is listed by ' +
              'GET /connections/{id}/documents under the returned name. `account` names the account of QIF and CSV files ' +
              '(which carry no account number), as a subfolder does for files of the folder.',
            tags: ['Documents'],
            ...ext,
            params: idParams,
            querystring: {
              type: 'object',
              properties: {
                filename: {
                  type: 'string',
                  description: `The file's name; its extension names the format (${EXTENSIONS}).`,
                },
                account: {
                  type: 'string',
                  maxLength: 100,
                  description: 'QIF/CSV: the account the rows belong to (default: the default account).',
                },
              },
            },
            consumes: Object.keys(UPLOAD_TYPES),
            body: { type: 'string', format: 'binary', description: 'The statement file.' },
            response: { 202: { ...uploadSchema, description: 'Received; Location: /connections/{id}/documents.' } },
          },
        },
        async (request, reply) => {
          const connection = documentConnection(ctx, request);
          if (connection.status === 'CLOSED')
            throw badRequest(`connection ${connection.id} is closed; reopen it first`);
          const { filename, account } = request.query as Record<string, unknown>;
          const fileName = uploadFileName(mediaType(request), filename);
          if (
            account !== undefined &&
            (typeof account !== 'string' || !account.trim() || account.length > 100 || /[\u0000-\u001f|]/.test(account))
          ) {
            throw badRequest('query parameter account must be 1 to 100 characters (no "|")');
          }
          const body = request.body as Readable | undefined;
          if (!body || typeof (body as Readable).pipe !== 'function')
            throw badRequest('the body is empty: send the statement file itself');
          let meta;
          try {
            meta = await ctx.statementFiles.receiveUpload(connection, body, {
              fileName,
              account: typeof account === 'string' ? account.trim() : undefined,
            });
          } catch (err) {
            if (err instanceof UploadTooLarge) throw tooLarge();
            throw err;
          }
          if (!meta) throw badRequest('the body is empty: send the statement file itself');
          return reply
            .status(202)
            .header('location', `/connections/${connection.id}/documents`)
            .send({
              id: meta.id,
              name: uploadName(meta),
              file_name: meta.file_name,
              size: meta.size,
              sha256: meta.sha256,
              status: 'PENDING',
            });
        },
      );
    });
  },
});

function tooLarge(): ApiError {
  return new ApiError(413, 'payload_too_large', `a statement file may be at most ${formatBytes(MAX_STATEMENT_BYTES)}`);
}
