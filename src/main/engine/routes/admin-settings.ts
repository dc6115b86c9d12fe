import { defineRoutes } from '../http/route-module';
import { rejectWrongBodyTypes } from '../http/strict-json-types';
import { SETTING_RULES } from '../services/settings';

const TAGS = ['Admin'];
const ext = { 'x-coffer-extension': true } as const;
const ADMIN = { kind: 'client', scopes: ['admin'] } as const;

const settingsSchema = {
  type: 'object',
  required: Object.keys(SETTING_RULES),
  properties: {
    sync_interval_hours: { type: 'number', description: SETTING_RULES.sync_interval_hours.description },
    challenge_timeout_seconds: { type: 'integer', description: SETTING_RULES.challenge_timeout_seconds.description },
    webhook_accounts_threshold: { type: 'integer', description: SETTING_RULES.webhook_accounts_threshold.description },
    max_parallel_syncs: { type: 'integer', description: SETTING_RULES.max_parallel_syncs.description },
    allowed_origins: {
      type: 'array',
      items: { type: 'string' },
      description: SETTING_RULES.allowed_origins.description,
    },
    backup_folder: { type: 'string', description: SETTING_RULES.backup_folder.description },
  },
} as const;

const errorSchema = {
  type: 'object',
  required: ['error', 'error_description'],
  properties: { error: { type: 'string' }, error_description: { type: 'string' } },
} as const;

/** GET/PUT /admin/settings (see docs/api/admin.md#settings). */
export const adminSettingsRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    app.get(
      '/admin/settings',
      {
        config: { access: ADMIN },
        schema: { summary: 'Installation settings', tags: TAGS, ...ext, response: { 200: settingsSchema } },
      },
      async () => ctx.services.settings.all(),
    );

    app.put<{ Body: Record<string, unknown> }>(
      '/admin/settings',
      {
        config: { access: ADMIN },
        // The validator coerces types (for query strings); a body's wrong JSON types are refused instead (see
        // docs/api/request-bodies.md#json).
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Change installation settings',
          description:
            'The body names the settings to change (the others keep their values); every value is checked first ' +
            'and nothing changes when one is refused (400). Answers all the settings.',
          tags: TAGS,
          ...ext,
          body: { type: 'object', properties: settingsSchema.properties },
          response: { 200: settingsSchema, 400: errorSchema },
        },
      },
      async (request) => ctx.services.settings.update(request.body),
    );
  },
});
