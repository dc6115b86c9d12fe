import { parseArgs } from 'node:util';
import { parseScopes, USER_SCOPES, type UserScope } from '../auth/scopes';
import { Tokens } from '../identity/tokens';
import { createTokensStore } from '../store/tokens';
import { createUsersStore } from '../store/users';
import { isoDate, nowSeconds, table, UsageError, withDatabase, type CliIo } from './cli-support';

export const TOKENS_USAGE = `usage:
  npm run cli -- tokens create --user EMAIL --scope "SCOPE …" [--name NAME] [--json]
  npm run cli -- tokens list [--user EMAIL] [--json]
  npm run cli -- tokens revoke TOKEN_ID
scopes: ${USER_SCOPES.join(' ')}
options: --data-dir DIR (default: $COFFER_DATA_DIR or the OS app-data folder)`;

/**
 * `tokens create | list | revoke`: personal access tokens for scripts (see docs/api/auth-and-scopes.md#lifetimes). The
 * token is shown once.
 */
export function tokensCommand(argv: string[], io: CliIo): void {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string' },
      user: { type: 'string' },
      scope: { type: 'string', multiple: true },
      name: { type: 'string' },
      json: { type: 'boolean' },
    },
    allowPositionals: true,
    strict: true,
  });
  const [action, ...rest] = positionals;
  withDatabase(values['data-dir'], (db) => {
    const users = createUsersStore(db);
    const tokens = new Tokens(createTokensStore(db));
    const userByEmail = (email: string) => {
      const user = users.findByEmail(email.trim());
      if (!user) throw new UsageError(`no user with the e-mail ${email}`);
      return user;
    };
    switch (action) {
      case 'create': {
        if (rest.length) throw new UsageError(`unexpected argument ${rest[0]}\n${TOKENS_USAGE}`);
        if (!values.user) throw new UsageError(`--user is required\n${TOKENS_USAGE}`);
        const { scopes, unknown } = parseScopes((values.scope ?? []).join(' '));
        if (unknown.length)
          throw new UsageError(`unknown scope(s): ${unknown.join(' ')}\nscopes: ${USER_SCOPES.join(' ')}`);
        const notForUsers = scopes.filter((s) => !(USER_SCOPES as readonly string[]).includes(s));
        if (notForUsers.length) throw new UsageError(`${notForUsers.join(' ')} is a client scope, not a user scope`);
        if (!scopes.length) throw new UsageError(`--scope is required\n${TOKENS_USAGE}`);
        const name = (values.name ?? 'cli').trim();
        if (!name || name.length > 100) throw new UsageError('--name must be 1 to 100 characters');
        const user = userByEmail(values.user);
        const { token, record } = tokens.createPat(user.id, name, scopes as UserScope[], nowSeconds());
        if (values.json) return io.out(JSON.stringify({ ...record, user_email: user.email, token }, null, 2));
        io.out(`Personal access token "${name}" created for ${user.email} (id ${record.id}).`);
        io.out(`  scopes: ${record.scopes.join(' ')}`);
        io.out(`  token:  ${token}`);
        io.out('Store it now: it is not kept and will not be shown again. Send it as "Authorization: Bearer <token>".');
        return;
      }
      case 'list': {
        if (rest.length) throw new UsageError(`unexpected argument ${rest[0]}\n${TOKENS_USAGE}`);
        const user = values.user ? userByEmail(values.user) : undefined;
        const emails = new Map<string, string>();
        const list = tokens.listPats(user?.id).map((t) => {
          if (!emails.has(t.user_id)) emails.set(t.user_id, users.findById(Number(t.user_id))?.email ?? '?');
          return { ...t, user_email: emails.get(t.user_id)! };
        });
        if (values.json) return io.out(JSON.stringify(list, null, 2));
        if (!list.length) return io.out('No personal access tokens.');
        io.out(
          table(
            ['ID', 'USER', 'NAME', 'SCOPES', 'CREATED'],
            list.map((t) => [t.id, t.user_email, t.name, t.scopes.join(' '), isoDate(t.creation_date)]),
          ),
        );
        return;
      }
      case 'revoke': {
        const [id, ...extra] = rest;
        if (!id || extra.length) throw new UsageError(`give one token id\n${TOKENS_USAGE}`);
        if (!tokens.deletePat(id)) throw new UsageError(`no personal access token ${id}`);
        io.out(`Token ${id} revoked.`);
        return;
      }
      default:
        throw new UsageError(action ? `unknown action tokens ${action}\n${TOKENS_USAGE}` : TOKENS_USAGE);
    }
  });
}
