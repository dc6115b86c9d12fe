import { badRequest } from '../http/errors';
import { defineRoutes } from '../http/route-module';
import { rejectWrongBodyTypes } from '../http/strict-json-types';
import { parseSettingsBody, previewDocument } from '../statement-files';
import { documentConnection } from './documents';

/** A preview of a statement file with given import settings (an extension, docs/statements.md). */
const MANAGE = { kind: 'user', scopes: ['connections_manage'] } as const;
const idParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;

const previewSchema = {
  type: 'object',
  required: ['columns', 'rows', 'total_rows', 'rows_left_out'],
  properties: {
    format: { type: 'string', description: 'OFX1, OFX2, QFX, QIF, CSV, CAMT053, CAMT052, CAMT054 or MT940.' },
    columns: { type: 'array', items: { type: 'string' }, description: 'The CSV header\'s cells ([] without a header, or for another format).' },
    rows: {
      type: 'array',
      items: {
        type: 'object',
        required: ['line', 'date', 'label', 'amount', 'currency', 'status'],
        properties: {
          line: { type: 'string' },
          date: { type: 'integer' },
          label: { type: 'string' },
          amount: { type: 'string', description: 'Exact signed decimal text.' },
          currency: { type: 'string' },
          status: { type: 'string' },
        },
      },
    },
    total_rows: { type: 'integer' },
    rows_left_out: { type: 'array', items: { type: 'string' }, description: 'Rows that would be left out, each with its line and why.' },
    problem: { type: 'string', description: 'Why the file cannot be read with these settings (absent when it can).' },
  },
} as const;

export const documentPreviewRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    app.post<{ Params: { id: string }; Body: { file_name: string; text: string; settings?: unknown } }>(
      '/connections/:id/document_preview',
      {
        config: { access: MANAGE },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Preview a statement file with import settings (extension)',
          description:
            'Reads the text of a sample file (at most about 900 KB: the first lines of a large file are enough) with the ' +
            'given settings (default: the connection\'s) and answers its first 20 rows as they would be imported, the ' +
            'CSV header\'s columns and the rows that would be left out. A file that cannot be read is answered 200 with ' +
            'problem saying why. Nothing is stored.',
          tags: ['Documents'],
          ...{ 'x-coffer-extension': true },
          params: idParams,
          body: {
            type: 'object',
            required: ['file_name', 'text'],
            additionalProperties: false,
            properties: {
              file_name: { type: 'string', minLength: 1, maxLength: 255, description: 'Its extension names the format (.csv, .ofx, .qif…).' },
              text: { type: 'string', minLength: 1, maxLength: 900_000 },
              // Checked by parseSettingsBody, as PUT /connections/{id}/document_settings does (3 is a column index, "3" a header name).
              settings: { type: 'object', description: 'As PUT /connections/{id}/document_settings takes them (default: the connection\'s).' },
            },
          },
          response: { 200: { ...previewSchema, description: 'The preview.' } },
        },
      },
      async (request) => {
        const connection = documentConnection(ctx, request);
        const given = request.body.settings === undefined ? undefined : parseSettingsBody(request.body.settings);
        if (typeof given === 'string') throw badRequest(given);
        return previewDocument(request.body.text, request.body.file_name, given ?? ctx.statementFiles.settings(connection));
      },
    );
  },
});
