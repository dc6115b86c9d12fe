import { PASSWORD_MAX_LENGTH } from '../../../shared/password';
import { errorSchema } from '../http/error-schema';
import { ApiError, badRequest } from '../http/errors';
import { defineRoutes } from '../http/route-module';
import type { FastifyInstance } from 'fastify';
import type { RecoveryKeyService } from '../services/recovery-key';

const TAGS = ['Admin'];
const ext = { 'x-coffer-extension': true } as const;
/** Scripts with a client token holding `admin`; the desktop app asks one for its owner (routes/app-session.ts). */
const ADMIN = { kind: 'client', scopes: ['admin'] } as const;

const stateSchema = {
  type: 'object',
  required: ['written_down'],
  properties: {
    written_down: { type: 'boolean', description: 'The person said they wrote the code down (or printed it).' },
    recovery_code: {
      type: 'string',
      description:
        'The database key as 14 groups of 4 letters and digits; present only while not written down, or for the password.',
    },
  },
} as const;

/** The recovery key (extension): shown once after setup, then again for the owner's password. */
export const recoveryKeyRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    const recovery = () => ctx.services.recoveryKey;
    registerReading(app, recovery);
    registerReveal(app, recovery);
  },
});

/** GET (the code while not written down) and PUT (it was written down). */
function registerReading(app: FastifyInstance, recovery: () => RecoveryKeyService): void {
  app.get(
    '/admin/recovery_key',
    {
      config: { access: ADMIN },
      schema: {
        summary: 'The recovery key, while not written down (extension)',
        description:
          'Until the person says they wrote it down, the answer holds the recovery code: the key of the database ' +
          'and of every backup, which opens a backup on another computer. Afterwards only `written_down: true`: ' +
          "the code is then given by POST with the owner's password.",
        tags: TAGS,
        ...ext,
        response: { 200: stateSchema },
      },
    },
    async () => recovery().state(),
  );

  app.put<{ Body: { written_down: true } }>(
    '/admin/recovery_key',
    {
      config: { access: ADMIN },
      schema: {
        summary: 'Say the recovery key was written down (extension)',
        description: "From then on the code is shown only for the owner's password. It cannot be undone.",
        tags: TAGS,
        ...ext,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['written_down'],
          properties: { written_down: { type: 'boolean', enum: [true] } },
        },
        response: { 200: stateSchema, 400: errorSchema },
      },
    },
    async () => recovery().markWrittenDown(),
  );
}

/** POST: the code for the owner's password. */
function registerReveal(app: FastifyInstance, recovery: () => RecoveryKeyService): void {
  app.post<{ Body: { password: string } }>(
    '/admin/recovery_key',
    {
      config: { access: ADMIN },
      schema: {
        summary: "Show the recovery key for the owner's password (extension)",
        description:
          "The password of the installation's owner is checked under the sign-in throttle of their e-mail: a " +
          'wrong one answers 400 invalid_request, repeated wrong ones 429 (with Retry-After). Neither the ' +
          'password nor the code is logged.',
        tags: TAGS,
        ...ext,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['password'],
          properties: { password: { type: 'string', minLength: 1, maxLength: PASSWORD_MAX_LENGTH } },
        },
        response: { 200: stateSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const outcome = await recovery().reveal(request.body.password);
      switch (outcome.kind) {
        case 'shown':
          return outcome.state;
        case 'wrong_password':
          throw badRequest('the password is wrong: type the password you sign in to Coffer with');
        case 'throttled': {
          const seconds = Math.max(1, Math.ceil(outcome.retryAfterMs / 1000));
          throw new ApiError(429, 'invalid_request', `too many wrong passwords: wait ${seconds} s`, undefined, {
            'retry-after': String(seconds),
          });
        }
      }
    },
  );
}
