import { APP_CLIENT_ID } from '../app-session/app-client';
import { issueAdminToken, issueAppTokens } from '../app-session/app-tokens';
import { validateOwnerInput } from '../app-session/owner';
import type { EngineContext } from '../context';
import { ApiError, conflict } from '../http/errors';
import { defineRoutes } from '../http/route-module';
import { isValidEmail } from '../identity/email';
import { hashPassword } from '../identity/password-hash';
import { pickLanguage } from '../../../shared/language';

/**
 * The desktop app's sign-in (extension): first-run owner creation, installation status, terms text and a
 * short-lived admin token for the owner's settings. The app's later sign-ins use the authorization server.
 */
const TAGS = ['App'];
const ext = { 'x-coffer-extension': true };

const tokenAnswer = {
  type: 'object',
  properties: {
    access_token: { type: 'string' },
    refresh_token: { type: 'string' },
    token_type: { type: 'string' },
    expires_in: { type: 'integer' },
    scope: { type: 'string' },
    user_id: { type: 'string' },
  },
  required: ['access_token', 'refresh_token', 'token_type', 'expires_in', 'scope', 'user_id'],
};

export const appSessionRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx: EngineContext) {
    const { users, tokens, terms } = ctx.identity;
    const hasOwner = () => users.ownerId() !== null;
    app.get(
      '/app/status',
      {
        config: { access: { kind: 'public' } },
        schema: {
          summary: 'State of this installation, for the desktop app (extension)',
          description:
            'Whether the owner exists yet and the current terms version; where the data lives (data_dir) only to a ' +
            "caller with a valid user token (the folder's path tells a local page the user's account name).",
          tags: TAGS,
          ...ext,
          response: {
            200: {
              type: 'object',
              properties: {
                has_owner: { type: 'boolean' },
                terms_version: { type: 'integer' },
                data_dir: { type: 'string' },
                app_client_id: { type: 'string' },
                host_url: { type: 'string' },
                base_url: { type: 'string' },
                auth_url: { type: 'string' },
                widget_url: { type: 'string' },
              },
              required: ['has_owner', 'terms_version', 'app_client_id'],
            },
          },
        },
      },
      async (request) => ({
        has_owner: hasOwner(),
        terms_version: terms.version,
        ...(request.auth?.userId != null ? { data_dir: ctx.dataDir } : {}),
        app_client_id: APP_CLIENT_ID,
        ...ctx.urls,
      }),
    );

    app.get<{ Querystring: { lng?: 'en' | 'fr' } }>(
      '/app/terms',
      {
        config: { access: { kind: 'public' } },
        schema: {
          summary: 'The current terms and conditions, as Markdown (extension)',
          tags: TAGS,
          ...ext,
          querystring: {
            type: 'object',
            properties: { lng: { type: 'string', enum: ['en', 'fr'] } },
            additionalProperties: false,
          },
          response: {
            200: {
              type: 'object',
              properties: { version: { type: 'integer' }, language: { type: 'string' }, text: { type: 'string' } },
              required: ['version', 'language', 'text'],
            },
          },
        },
      },
      async (request) => {
        const language = pickLanguage(request.query.lng, request.headers['accept-language']);
        return { version: terms.version, language, text: terms.text[language] };
      },
    );

    app.post<{ Body: Record<string, unknown> }>(
      '/app/owner',
      {
        config: { access: { kind: 'public' } },
        schema: {
          summary: "Creates the installation's owner and signs the app in (extension)",
          description:
            'Allowed only while the installation has no user (else 409 conflict). Answers tokens of the ' +
            '`coffer-app` public client holding every user scope; renew them with the refresh_token grant at ' +
            '`POST /auth/token` (client_id coffer-app). The owner still has to accept the terms (POST /users/me/terms).',
          tags: TAGS,
          ...ext,
          body: {
            type: 'object',
            properties: {
              email: { type: 'string' },
              password: { type: 'string' },
              first_name: { type: 'string' },
              last_name: { type: 'string' },
            },
            required: ['email', 'password'],
          },
          response: { 201: tokenAnswer },
        },
      },
      async (request, reply) => {
        // A field that breaks a rule throws OwnerInputError (InvalidInput: 400).
        const input = validateOwnerInput(request.body, isValidEmail);
        if (hasOwner()) throw conflict('this installation already has its owner; sign in instead');
        const passwordHash = await hashPassword(input.password);
        const now = ctx.now();
        // Checked again inside the write: two first-run forms sent at once make one owner, not two.
        const answer = ctx.db
          .transaction(() => {
            if (hasOwner()) return null;
            const userId = users.insert(
              { email: input.email, passwordHash, first_name: input.first_name ?? null, last_name: input.last_name ?? null },
              now,
            );
            users.recordOwner(userId);
            return issueAppTokens(tokens, userId, now);
          })
          .immediate();
        if (!answer) throw conflict('this installation already has its owner; sign in instead');
        ctx.log.info({ user_id: answer.user_id }, 'installation owner created');
        return reply.status(201).header('location', `/users/${answer.user_id}`).send(answer);
      },
    );

    app.post(
      '/app/admin-token',
      {
        config: { access: { kind: 'user', scopes: ['profile_edit'] } },
        schema: {
          summary: "A short-lived admin token for the owner's settings (extension)",
          description:
            "Only for the installation's owner (the user its first run made), signed in to the desktop app (a token of the " +
            '`coffer-app` client, not a personal access token). Answers a 15-minute client token with scope `admin` (the admin API).',
          tags: TAGS,
          ...ext,
          response: {
            200: {
              type: 'object',
              properties: {
                access_token: { type: 'string' },
                token_type: { type: 'string' },
                expires_in: { type: 'integer' },
                scope: { type: 'string' },
              },
              required: ['access_token', 'token_type', 'expires_in', 'scope'],
            },
          },
        },
      },
      async (request) => {
        const auth = request.auth!;
        if (auth.tokenKind !== 'access' || auth.clientId !== APP_CLIENT_ID) {
          throw new ApiError(
            403,
            'insufficient_scope',
            'only the Coffer desktop app, signed in as the owner, can get an admin token',
          );
        }
        if (auth.userId !== users.ownerId()) {
          throw new ApiError(403, 'insufficient_scope', "only the installation's owner can administer it");
        }
        return issueAdminToken(tokens, ctx.now());
      },
    );
  },
});
