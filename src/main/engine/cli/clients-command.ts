import { parseArgs } from 'node:util';
import { ClientInputError, Clients, clientRecord } from '../identity/clients';
import { createClientsStore } from '../store/clients';
import { isoDate, nowSeconds, table, UsageError, withDatabase, type CliIo } from './cli-support';

export const CLIENTS_USAGE = `usage:
  npm run cli -- clients create --name NAME [--redirect-uri URI]… [--public] [--scope users_create|admin]… [--json]
  npm run cli -- clients list [--json]
  npm run cli -- clients revoke CLIENT_ID
options: --data-dir DIR (default: $COFFER_DATA_DIR or the OS app-data folder)`;

/**
 * `clients create | list | revoke`: OAuth clients for scripts and apps (see docs/api/auth-and-scopes.md#clients). The
 * secret is shown once.
 */
export function clientsCommand(argv: string[], io: CliIo): void {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string' },
      name: { type: 'string' },
      'redirect-uri': { type: 'string', multiple: true },
      public: { type: 'boolean' },
      scope: { type: 'string', multiple: true },
      json: { type: 'boolean' },
    },
    allowPositionals: true,
    strict: true,
  });
  const [action, ...rest] = positionals;
  withDatabase(values['data-dir'], (db) => {
    const clients = new Clients(createClientsStore(db));
    switch (action) {
      case 'create': {
        if (rest.length) throw new UsageError(`unexpected argument ${rest[0]}\n${CLIENTS_USAGE}`);
        if (!values.name) throw new UsageError(`--name is required\n${CLIENTS_USAGE}`);
        let created;
        try {
          created = clients.create(
            {
              name: values.name,
              redirectUris: values['redirect-uri'],
              public: values.public === true,
              scopes: values.scope?.flatMap((s) => s.split(/[\s,]+/).filter(Boolean)),
            },
            nowSeconds(),
          );
        } catch (err) {
          if (err instanceof ClientInputError) throw new UsageError(err.message);
          throw err;
        }
        const record = { ...clientRecord(created.client), ...(created.secret && { client_secret: created.secret }) };
        if (values.json) return io.out(JSON.stringify(record, null, 2));
        io.out(`Client "${record.name}" created (${record.type}).`);
        io.out(`  client_id:     ${record.client_id}`);
        if (created.secret) io.out(`  client_secret: ${created.secret}`);
        if (record.redirect_uris.length) io.out(`  redirect URIs: ${record.redirect_uris.join(' ')}`);
        if (record.scopes.length) io.out(`  client scopes: ${record.scopes.join(' ')}`);
        if (created.secret) io.out('Store the secret now: it is not kept and will not be shown again.');
        return;
      }
      case 'list': {
        const list = clients.list().map(clientRecord);
        if (values.json) return io.out(JSON.stringify(list, null, 2));
        if (!list.length) return io.out('No clients.');
        io.out(
          table(
            ['CLIENT ID', 'NAME', 'TYPE', 'SCOPES', 'REDIRECT URIS', 'CREATED'],
            list.map((c) => [
              c.client_id,
              c.integrator ? `${c.name} (integrator)` : c.name,
              c.type,
              c.scopes.join(' ') || '-',
              c.redirect_uris.join(' ') || '-',
              isoDate(c.creation_date),
            ]),
          ),
        );
        return;
      }
      case 'revoke': {
        const [id, ...extra] = rest;
        if (!id || extra.length) throw new UsageError(`give one client id\n${CLIENTS_USAGE}`);
        const client = clients.find(id);
        if (!client) throw new UsageError(`no active client ${id}`);
        if (client.isIntegrator) {
          throw new UsageError(
            'the integrator client cannot be revoked; delete integrator.json in the data directory and restart Coffer to replace it',
          );
        }
        clients.revoke(id, nowSeconds());
        io.out(`Client ${id} revoked, with every token issued to it.`);
        return;
      }
      default:
        throw new UsageError(action ? `unknown action clients ${action}\n${CLIENTS_USAGE}` : CLIENTS_USAGE);
    }
  });
}
