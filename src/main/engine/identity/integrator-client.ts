import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineBasics } from '../engine-basics';
import type { Clients } from './clients';

export const integratorFile = (dataDir: string) => join(dataDir, 'integrator.json');

interface IntegratorFile {
  client_id: string;
  client_secret: string;
}

function readIntegratorFile(file: string): IntegratorFile | null {
  if (!existsSync(file)) return null;
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as Partial<IntegratorFile>;
    return typeof data.client_id === 'string' && typeof data.client_secret === 'string'
      ? { client_id: data.client_id, client_secret: data.client_secret }
      : null;
  } catch {
    return null;
  }
}

/**
 * The integrator client (scopes users_create and admin; docs/api/auth-and-scopes.md#clients) and DIR/integrator.json
 * (mode 0600). The file is the only place its secret exists; when it is missing or no longer matches an active
 * integrator client, a new client replaces the old one (deleting the file and restarting is how the secret is rotated).
 */
export function ensureIntegratorClient(
  ctx: Pick<EngineBasics, 'dataDir' | 'db' | 'now' | 'log'>,
  clients: Clients,
): { clientId: string; created: boolean } {
  const file = integratorFile(ctx.dataDir);
  const current = readIntegratorFile(file);
  if (current) {
    const client = clients.find(current.client_id);
    if (client?.isIntegrator && clients.verifySecret(current.client_id, current.client_secret)) {
      chmodSync(file, 0o600);
      return { clientId: client.id, created: false };
    }
  }
  const now = ctx.now();
  const { client, secret } = ctx.db.transaction(() => {
    for (const old of clients.list()) if (old.isIntegrator) clients.revoke(old.id, now);
    return clients.create({ name: 'Integrator', scopes: ['users_create', 'admin'], isIntegrator: true }, now);
  }).immediate();
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ client_id: client.id, client_secret: secret }, null, 2) + '\n', { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
  ctx.log.info({ client_id: client.id }, current ? 'integrator client replaced' : 'integrator client created');
  return { clientId: client.id, created: true };
}
