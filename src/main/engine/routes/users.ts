import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { userIdOf } from '../http/access-control';
import { CLIENT_SCOPES, USER_SCOPES, type UserScope } from '../auth/scopes';
import type { EngineContext } from '../context';
import { ApiError, badRequest, conflict, insufficientScope, invalidToken, notFound } from '../http/errors';
import { defineRoutes } from '../http/route-module';
import { DEFAULT_LIMIT, offsetOf, pageLimitProperties, sendList } from '../http/list-params';
import { pickLanguage } from '../../../shared/language';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from '../../../shared/password';
import { rejectWrongBodyTypes } from '../http/strict-json-types';
import { clientRecord } from '../identity/clients';
import { isValidEmail, normalizeEmail } from '../identity/email';
import { changePassword } from '../identity/password-change';
import { hashPassword, verifyPassword } from '../identity/password-hash';
import { deleteUser } from '../identity/user-deletion';
import { parseProfile } from '../identity/user-profile';
import { propertiesProblem, MAX_KEY_LENGTH, MAX_PROPERTIES, MAX_VALUE_BYTES } from '../identity/user-properties';
import { userRecord, type UserRow } from '../identity/user-record';
import { EMAIL_IN_USE } from '../domain/user-rules';

const TAGS = ['Users'];
const ext = { 'x-coffer-extension': true };
const str = { type: 'string' } as const;
const text = { type: ['string', 'null'], maxLength: 256 } as const;

const addressSchema = {
  type: ['object', 'null'],
  properties: { street: text, postcode: text, city: text, country: text },
} as const;

const profileProperties = {
  first_name: text,
  last_name: text,
  gender: { type: ['string', 'null'], maxLength: 32 },
  birthdate: { type: ['string', 'null'], description: 'YYYY-MM-DD' },
  address: addressSchema,
} as const;

const userSchema = {
  type: 'object',
  properties: {
    id: str,
    email: str,
    first_name: str,
    last_name: str,
    creation_date: { type: 'integer' },
    gender: str,
    birthdate: str,
    address: { type: 'object', properties: { street: str, postcode: str, city: str, country: str } },
    terms_accepted_version: { type: 'integer' },
    terms_current_version: { type: 'integer' },
  },
  required: ['id', 'email', 'creation_date', 'terms_current_version'],
} as const;

const idParams = {
  type: 'object',
  properties: { id: { type: 'string', description: 'a user id, or me' } },
  required: ['id'],
} as const;

const pageQuery = {
  type: 'object',
  properties: {
    ...pageLimitProperties,
  },
  additionalProperties: false,
} as const;

/** A personal access token as listed (its secret is shown once, when it is made). */
const patSchema = {
  type: 'object',
  properties: { id: str, name: str, scopes: { type: 'array', items: str }, creation_date: { type: 'integer' } },
  required: ['id', 'name', 'scopes', 'creation_date'],
} as const;

const READ: UserScope[] = ['profile', 'profile_edit'];
const EDIT: UserScope[] = ['profile_edit'];

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

/**
 * The user a `/users/{id}` path names: `me` or the caller's own id. Anything else is another user's or no
 * user at all: 404 not_found on every route, GET included. A 401 would tell a client its token is bad and
 * make it throw away a token that is still good for its own user.
 */
function ownUserId(request: IdRequest): number {
  const me = userIdOf(request);
  const { id } = request.params;
  if (id === 'me' || id === String(me)) return me;
  throw notFound('user', id);
}

function paginate<T>(reply: FastifyReply, items: T[], query: { page?: number; limit?: number }): T[] {
  const { page, limit } = { page: query.page ?? 1, limit: query.limit ?? DEFAULT_LIMIT };
  const start = offsetOf({ page, limit });
  return sendList(reply, items.slice(start, start + limit), items.length);
}

/** The user an access token names, still there (401 invalid_token when it was deleted meanwhile). */
function loadUser(ctx: EngineContext, id: number): UserRow {
  const row = ctx.identity.users.findById(id);
  if (!row) throw invalidToken('the user of this access token no longer exists');
  return row;
}

/** `/users`: each group of routes registers itself, in the order of the API's reference. */
function registerUserRoutes(app: FastifyInstance, ctx: EngineContext): void {
  registerSignUpRoutes(app, ctx);
  registerProfileRoutes(app, ctx);
  registerPasswordRoutes(app, ctx);
  registerDeletionAndPropertyRoutes(app, ctx);
  registerTermsRoutes(app, ctx);
  registerPersonalTokenRoutes(app, ctx);
}

/** Creating a user (the integrator) and asking whether an e-mail address is free. */
function registerSignUpRoutes(app: FastifyInstance, ctx: EngineContext): void {
  const { users, terms } = ctx.identity;
  const termsVersion = () => terms.version;

  app.post<{ Body: Record<string, unknown> & { email: string; password: string } }>(
    '/users',
    {
      config: { access: { kind: 'client', scopes: ['users_create'] } },
      schema: {
        summary: 'Create a user',
        description:
          'The password needs at least 8 characters; it is stored as a scrypt hash. The user must accept the ' +
          'terms (POST /users/{id}/terms) before their tokens can be used elsewhere than the user and terms routes.',
        tags: TAGS,
        body: {
          type: 'object',
          required: ['email', 'password'],
          properties: { email: str, password: { type: 'string', minLength: 1 }, ...profileProperties },
        },
        response: { 201: userSchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      if (!isValidEmail(email)) throw badRequest('email is not a well-formed e-mail address');
      const problem = passwordProblem(password);
      if (problem) throw badRequest(problem);
      const profile = parseProfile(request.body, ctx.now());
      const address = normalizeEmail(email);
      if (users.emailInUse(address)) throw conflict(EMAIL_IN_USE);
      // A concurrent request may take the address meanwhile: the insert then throws Conflict (409).
      const id = users.insert({ email: address, passwordHash: await hashPassword(password), ...profile }, ctx.now());
      reply.status(201).header('location', `/users/${id}`);
      return userRecord(users.findById(id)!, termsVersion());
    },
  );

  app.post<{ Body: { email: string } }>(
    '/users/availability',
    {
      config: { access: { kind: 'public' } },
      schema: {
        summary: 'Is an e-mail address free?',
        description: '204 when available, 400 when malformed, 409 when a user already has it.',
        tags: TAGS,
        body: { type: 'object', required: ['email'], properties: { email: str } },
      },
    },
    async (request, reply) => {
      if (!isValidEmail(request.body.email)) throw badRequest('email is not a well-formed e-mail address');
      if (users.emailInUse(normalizeEmail(request.body.email))) throw conflict(EMAIL_IN_USE);
      return reply.status(204).send();
    },
  );
}

/** Reading and changing one's own profile. */
function registerProfileRoutes(app: FastifyInstance, ctx: EngineContext): void {
  const { users, terms } = ctx.identity;
  const termsVersion = () => terms.version;
  const load = (id: number): UserRow => loadUser(ctx, id);

  app.get<{ Params: { id: string } }>(
    '/users/:id',
    {
      config: { access: { kind: 'user', scopes: READ, allowWithoutTerms: true } },
      schema: {
        summary: 'Get a user',
        description:
          'Answers even before the terms are accepted. Another or an unknown user id answers 404 not_found ' +
          '(the token stays valid for its own user).',
        tags: TAGS,
        params: idParams,
        response: { 200: userSchema },
      },
    },
    // The access check already read the token's user (cached, never stale): no second read.
    async (request) => {
      const id = ownUserId(request);
      return userRecord(request.auth?.user ?? load(id), termsVersion());
    },
  );

  app.put<{ Params: { id: string }; Body: Record<string, unknown> }>(
    '/users/:id',
    {
      config: { access: { kind: 'user', scopes: EDIT } },
      schema: {
        summary: 'Update the profile of a user',
        description:
          'Fields sent are changed, fields left out are kept, and a field sent as null or "" is cleared. ' +
          'The e-mail and the password cannot be changed: sending them with their current values is ' +
          'allowed (ignored), sending other values answers 400. To change the password: PUT /users/{id}/password.',
        tags: TAGS,
        params: idParams,
        body: { type: 'object', properties: { email: str, password: str, ...profileProperties } },
      },
    },
    async (request, reply) => {
      const row = load(ownUserId(request));
      const body = request.body;
      if (body.email !== undefined && String(body.email).toLowerCase() !== row.email.toLowerCase()) {
        throw badRequest('the e-mail address cannot be changed');
      }
      if (body.password !== undefined && !(await verifyPassword(String(body.password), row.password_hash))) {
        throw badRequest('the password cannot be changed through this operation');
      }
      users.update(row.id, parseProfile(body, ctx.now()));
      return reply.status(204).send();
    },
  );
}

/** Changing one's password. */
function registerPasswordRoutes(app: FastifyInstance, ctx: EngineContext): void {
  const { users } = ctx.identity;
  app.put<{ Params: { id: string }; Body: { current_password: string; new_password: string } }>(
    '/users/:id/password',
    {
      config: { access: { kind: 'user', scopes: EDIT } },
      schema: {
        summary: 'Change the password of a user (extension)',
        description:
          'The current password is checked under the sign-in throttle of the e-mail address: a wrong one ' +
          'answers 400 invalid_request, repeated wrong ones 429 (with Retry-After) until the wait is over. The ' +
          `new password follows the sign-up rules (${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters). Once changed, every other ` +
          'sign-in session of the user ends (their access and refresh tokens are revoked); the session of the ' +
          'calling token stays open, and personal access tokens are kept.',
        tags: TAGS,
        ...ext,
        params: idParams,
        body: {
          type: 'object',
          required: ['current_password', 'new_password'],
          properties: {
            current_password: { type: 'string', maxLength: PASSWORD_MAX_LENGTH },
            new_password: { type: 'string' },
          },
        },
        response: { 204: { type: 'null', description: 'changed' } },
      },
    },
    async (request, reply) => {
      const outcome = await changePassword(
        {
          users,
          tokens: ctx.store.tokens,
          loginGuard: ctx.identity.loginGuard,
          now: ctx.now,
          transaction: ctx.store.transaction,
        },
        {
          userId: ownUserId(request),
          currentPassword: request.body.current_password,
          newPassword: request.body.new_password,
          callerTokenHash: request.auth!.tokenHash,
        },
      );
      switch (outcome.kind) {
        case 'changed':
          return reply.status(204).send();
        case 'no_user':
          throw invalidToken('the user of this access token no longer exists');
        case 'invalid':
          throw badRequest(outcome.problem);
        case 'wrong_current':
          throw badRequest('current_password is wrong');
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

/** Deleting one's user, and the user's free properties. */
function registerDeletionAndPropertyRoutes(app: FastifyInstance, ctx: EngineContext): void {
  const { users } = ctx.identity;

  app.delete<{ Params: { id: string } }>(
    '/users/:id',
    {
      config: { access: { kind: 'user', scopes: EDIT } },
      schema: {
        summary: 'Delete a user and everything they own',
        description:
          'Stops running synchronizations, removes the keychain entries of their connections, then the ' +
          'connections, accounts, transactions, keys, queues, events, tokens and properties. The e-mail ' +
          'address can be used again.',
        tags: TAGS,
        params: idParams,
      },
    },
    async (request, reply) => {
      await deleteUser(ctx, ownUserId(request));
      return reply.status(204).send();
    },
  );

  const propertiesSchema = {
    type: 'object',
    description: `flat object of string → string: at most ${MAX_PROPERTIES} keys of 1 to ${MAX_KEY_LENGTH} characters, values of at most ${MAX_VALUE_BYTES} bytes`,
    additionalProperties: str,
  } as const;

  app.get<{ Params: { id: string } }>(
    '/users/:id/properties',
    {
      config: { access: { kind: 'user', scopes: READ } },
      schema: {
        summary: 'Get the properties of a user',
        tags: TAGS,
        params: idParams,
        response: { 200: propertiesSchema },
      },
    },
    async (request) => users.properties(ownUserId(request)),
  );

  app.put<{ Params: { id: string }; Body: Record<string, string> }>(
    '/users/:id/properties',
    {
      config: { access: { kind: 'user', scopes: READ } },
      schema: { summary: 'Replace the properties of a user', tags: TAGS, params: idParams, body: propertiesSchema },
    },
    async (request, reply) => {
      const id = ownUserId(request);
      const problem = propertiesProblem(request.body);
      if (problem) throw badRequest(problem);
      users.replaceProperties(id, request.body);
      return reply.status(204).send();
    },
  );
}

/** Accepting the terms, and reading their text. */
function registerTermsRoutes(app: FastifyInstance, ctx: EngineContext): void {
  const { users, terms } = ctx.identity;
  const termsVersion = () => terms.version;
  const load = (id: number): UserRow => loadUser(ctx, id);

  app.post<{ Params: { id: string }; Body: { version?: number } | undefined }>(
    '/users/:id/terms',
    {
      config: { access: { kind: 'user', scopes: USER_SCOPES, allowWithoutTerms: true } },
      schema: {
        summary: 'Accept the current terms and conditions',
        description:
          'Any user token may call it, before the terms are accepted. The body may be empty; when it names ' +
          'a version, that version must be the current one (400 otherwise).',
        tags: TAGS,
        params: idParams,
        body: { type: ['object', 'null'], properties: { version: { type: 'integer' } } },
      },
    },
    async (request, reply) => {
      const id = ownUserId(request);
      const current = termsVersion();
      const asked = request.body?.version;
      if (asked !== undefined && asked !== current)
        throw badRequest(`version ${asked} is not the current terms version (${current})`);
      users.acceptTerms(id, current);
      return reply.status(204).send();
    },
  );

  app.get<{ Params: { id: string }; Querystring: { lng?: 'en' | 'fr' } }>(
    '/users/:id/terms',
    {
      config: { access: { kind: 'user', scopes: READ, allowWithoutTerms: true } },
      schema: {
        summary: 'The current terms and conditions, and the version the user accepted',
        description: 'Text in Markdown, in the language of lng or Accept-Language (en or fr; default fr).',
        tags: TAGS,
        ...ext,
        params: idParams,
        querystring: { type: 'object', properties: { lng: { type: 'string', enum: ['en', 'fr'] } } },
        response: {
          200: {
            type: 'object',
            properties: {
              version: { type: 'integer' },
              accepted_version: { type: 'integer' },
              language: str,
              text: str,
            },
            required: ['version', 'language', 'text'],
          },
        },
      },
    },
    async (request) => {
      const row = load(ownUserId(request));
      const language = pickLanguage(request.query.lng, request.headers['accept-language']);
      return {
        version: terms.version,
        ...(row.terms_accepted_version !== null && { accepted_version: row.terms_accepted_version }),
        language,
        text: terms.text[language],
      };
    },
  );
}

/** A user's personal access tokens: list, create, revoke. */
function registerPersonalTokenRoutes(app: FastifyInstance, ctx: EngineContext): void {
  const { tokens } = ctx.identity;

  app.get<{ Params: { id: string }; Querystring: { page?: number; limit?: number } }>(
    '/users/:id/tokens',
    {
      config: { access: { kind: 'user', scopes: EDIT } },
      schema: {
        summary: "List the user's personal access tokens (never their values)",
        tags: ['Personal access tokens'],
        ...ext,
        params: idParams,
        querystring: pageQuery,
        response: { 200: { type: 'array', items: patSchema } },
      },
    },
    async (request, reply) => paginate(reply, tokens.listPats(ownUserId(request)), request.query),
  );

  app.post<{ Params: { id: string }; Body: { name: string; scopes: string[] } }>(
    '/users/:id/tokens',
    {
      config: { access: { kind: 'user', scopes: EDIT } },
      schema: {
        summary: 'Create a personal access token for scripts',
        description:
          'The token is in the answer only, once. It does not expire; revoke it with DELETE. It can hold ' +
          'only scopes that the calling token holds.',
        tags: ['Personal access tokens'],
        ...ext,
        params: idParams,
        body: {
          type: 'object',
          required: ['name', 'scopes'],
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 100 },
            scopes: { type: 'array', minItems: 1, items: { type: 'string', enum: [...USER_SCOPES] } },
          },
        },
        response: {
          201: {
            ...patSchema,
            properties: { ...patSchema.properties, token: str },
            required: [...patSchema.required, 'token'],
          },
        },
      },
    },
    async (request, reply) => {
      const userId = ownUserId(request);
      const scopes = [...new Set(request.body.scopes)] as UserScope[];
      const missing = scopes.filter((s) => !request.auth!.scopes.has(s));
      if (missing.length) throw insufficientScope(missing);
      const name = request.body.name.trim();
      if (!name) throw badRequest('name must not be blank');
      const { token, record } = tokens.createPat(userId, name, scopes, ctx.now());
      reply.status(201).header('location', `/users/me/tokens/${record.id}`);
      return { id: record.id, name: record.name, scopes: record.scopes, creation_date: record.creation_date, token };
    },
  );

  app.delete<{ Params: { id: string; token_id: string } }>(
    '/users/:id/tokens/:token_id',
    {
      config: { access: { kind: 'user', scopes: EDIT } },
      schema: {
        summary: 'Revoke a personal access token',
        tags: ['Personal access tokens'],
        ...ext,
        params: { type: 'object', properties: { id: str, token_id: str }, required: ['id', 'token_id'] },
      },
    },
    async (request, reply) => {
      const userId = ownUserId(request as unknown as IdRequest);
      if (!tokens.deletePat(request.params.token_id, userId)) throw notFound('token', request.params.token_id);
      return reply.status(204).send();
    },
  );
}

function registerClientAdminRoutes(app: FastifyInstance, ctx: EngineContext): void {
  const { clients } = ctx.identity;
  const tags = ['Admin'];
  const recordSchema = {
    type: 'object',
    properties: {
      client_id: str,
      name: str,
      type: { type: 'string', enum: ['confidential', 'public'] },
      redirect_uris: { type: 'array', items: str },
      scopes: { type: 'array', items: str },
      integrator: { type: 'boolean' },
      creation_date: { type: 'integer' },
    },
    required: ['client_id', 'name', 'type', 'redirect_uris', 'scopes', 'integrator', 'creation_date'],
  } as const;

  app.get<{ Querystring: { page?: number; limit?: number } }>(
    '/admin/clients',
    {
      config: { access: { kind: 'client', scopes: ['admin'] } },
      schema: {
        summary: 'List OAuth clients',
        tags,
        ...ext,
        querystring: pageQuery,
        response: { 200: { type: 'array', items: recordSchema } },
      },
    },
    async (request, reply) => paginate(reply, clients.list().map(clientRecord), request.query),
  );

  app.post<{ Body: { name: string; redirect_uris?: string[]; public?: boolean; scopes?: string[] } }>(
    '/admin/clients',
    {
      config: { access: { kind: 'client', scopes: ['admin'] } },
      schema: {
        summary: 'Register an OAuth client',
        description:
          'Confidential clients get a client_secret, in this answer only; public clients (public: true) have ' +
          'none and use the authorization code flow with PKCE. scopes are the client scopes client_credentials ' +
          `may grant (${CLIENT_SCOPES.join(', ')}; default users_create for confidential clients).`,
        tags,
        ...ext,
        body: {
          type: 'object',
          required: ['name'],
          properties: {
            name: str,
            redirect_uris: { type: 'array', items: str },
            public: { type: 'boolean' },
            scopes: { type: 'array', items: str },
          },
        },
        response: { 201: { ...recordSchema, properties: { ...recordSchema.properties, client_secret: str } } },
      },
    },
    async (request, reply) => {
      const b = request.body;
      // A field that breaks a rule throws ClientInputError (InvalidInput: 400).
      const { client, secret } = clients.create(
        { name: b.name, redirectUris: b.redirect_uris, public: b.public, scopes: b.scopes },
        ctx.now(),
      );
      reply.status(201).header('location', `/admin/clients/${client.id}`);
      return { ...clientRecord(client), ...(secret && { client_secret: secret }) };
    },
  );

  app.delete<{ Params: { client_id: string } }>(
    '/admin/clients/:client_id',
    {
      config: { access: { kind: 'client', scopes: ['admin'] } },
      schema: {
        summary: 'Revoke an OAuth client and every token issued to it',
        description:
          'The integrator client cannot be revoked here: delete DIR/integrator.json and restart to replace it.',
        tags,
        ...ext,
        params: { type: 'object', properties: { client_id: str }, required: ['client_id'] },
      },
    },
    async (request, reply) => {
      const client = clients.find(request.params.client_id);
      if (!client) throw notFound('client', request.params.client_id);
      if (client.isIntegrator) {
        throw badRequest(
          'the integrator client cannot be revoked here; delete integrator.json in the data directory and restart',
        );
      }
      clients.revoke(client.id, ctx.now());
      return reply.status(204).send();
    },
  );
}

/**
 * The users paths (docs/api/records.md#user), plus the terms text and personal access tokens (extensions), isolated per
 * user (docs/api/auth-and-scopes.md#isolation).
 */
export const userRoutes = defineRoutes({
  mount: 'api',
  async register(app, ctx) {
    await app.register(async (scope) => {
      // Only routes with a body pay for the check.
      scope.addHook('onRoute', (route) => {
        if (route.schema?.body) route.preValidation = [route.preValidation ?? [], rejectWrongBodyTypes].flat();
      });
      registerUserRoutes(scope, ctx);
      registerClientAdminRoutes(scope, ctx);
    });
  },
});
