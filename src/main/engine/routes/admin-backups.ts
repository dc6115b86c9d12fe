import { defineRoutes } from '../http/route-module';
import { errorSchema } from '../http/error-schema';
import { acceptEmptyJsonBody } from '../http/empty-json-body';
import { keyOfCode } from '../services/recovery-key';

const TAGS = ['Admin'];
const ext = { 'x-coffer-extension': true } as const;
/** Scripts with a client token holding `admin`; the desktop app asks one for its owner (routes/app-session.ts). */
const ADMIN = { kind: 'client', scopes: ['admin'] } as const;

const backupSchema = {
  type: 'object',
  required: ['id', 'creation_date', 'size', 'reason'],
  properties: {
    id: { type: 'string', description: 'The backup (its time, reason and a random part).' },
    creation_date: { type: 'integer', description: 'When it was made (UTC seconds).' },
    size: { type: 'integer', description: "The file's size in bytes." },
    reason: { type: 'string', enum: ['AUTOMATIC', 'MANUAL', 'BEFORE_RESTORE', 'BEFORE_UPGRADE'] },
  },
} as const;

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 200 } },
} as const;

/** The rolling backups (extension): list, back up now, delete, restore. */
export const adminBackupRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    const backups = () => ctx.services.backups;

    app.get(
      '/admin/backups',
      {
        config: { access: ADMIN },
        schema: {
          summary: 'List the backups (extension)',
          description: 'Every backup of the backups folder, newest first.',
          tags: TAGS,
          ...ext,
          response: { 200: { type: 'array', items: backupSchema } },
        },
      },
      async () => backups().list(),
    );

    app.post(
      '/admin/backups',
      {
        config: { access: ADMIN },
        schema: {
          summary: 'Back up now (extension)',
          description:
            'Writes a MANUAL backup (one file, written whole or not at all). 503 secret_store_unavailable saying so when the disk is full (nothing is left half-written).',
          tags: TAGS,
          ...ext,
          response: { 201: backupSchema, 503: errorSchema },
        },
      },
      async (_request, reply) => reply.status(201).send(backups().create('MANUAL')),
    );

    app.delete<{ Params: { id: string } }>(
      '/admin/backups/:id',
      {
        config: { access: ADMIN },
        schema: {
          summary: 'Delete a backup (extension)',
          description: 'The file is removed. 404 for an unknown id.',
          tags: TAGS,
          ...ext,
          params: idParams,
          response: { 204: { type: 'null' }, 404: errorSchema },
        },
      },
      async (request, reply) => {
        backups().delete(request.params.id);
        return reply.status(204).send();
      },
    );

    // The restore's body is optional: clients send none, or `{}` with a JSON content type and an empty body.
    app.register(async (api) => {
      acceptEmptyJsonBody(api);
      api.post<{ Params: { id: string }; Body: { recovery_code?: string } | undefined }>(
        '/admin/backups/:id/restore',
        {
          config: { access: ADMIN },
          // No body at all is the usual restore: it is checked as an empty object.
          preValidation: async (request) => {
            request.body ??= {};
          },
          schema: {
            summary: 'Restore a backup (extension)',
            description:
              "Replaces all the data by the backup's: synchronizations are stopped, a BEFORE_RESTORE backup is made " +
              'first, and every answer afterwards is the one given when the backup was taken. Credentials in the ' +
              'keychain are untouched; the backup stays listed. A damaged file: 400 and the data as it was. A backup ' +
              'another installation made (a file copied into the backups folder from another computer) is restored ' +
              "with that installation's `recovery_code`; a code that does not open it: 400 and the data as it was.",
            tags: TAGS,
            ...ext,
            params: idParams,
            body: {
              type: 'object',
              additionalProperties: false,
              properties: {
                recovery_code: {
                  type: 'string',
                  maxLength: 200,
                  description:
                    'The recovery key of the installation that made the backup (only for a backup made elsewhere).',
                },
              },
            },
            response: { 202: backupSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
          },
        },
        async (request, reply) => {
          const code = request.body?.recovery_code;
          const key = code === undefined ? undefined : keyOfCode(code);
          return reply.status(202).send(await backups().restore(request.params.id, key));
        },
      );
    });
  },
});
