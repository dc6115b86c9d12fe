import { chmodSync, mkdtempSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SecretStoreUnavailable } from '../../../src/main/engine/domain/errors';
import { idTokenKeySecretName } from '../../../src/main/engine/identity/oauth/id-token';
import { channelSecretName } from '../../../src/main/engine/secrets/secret-names';
import { KeychainSecretStore, type SecretStore } from '../../../src/main/engine/secrets/secret-store';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { apiCreateUser, integrator, MemorySecretStore, passwordGrant, tokenRequest } from './identity-helpers';

const dirs: string[] = [];
const newDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'coffer-identity-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function withEngine<T>(
  dataDir: string,
  secrets: SecretStore | undefined,
  fn: (e: TestEngine) => Promise<T>,
): Promise<T> {
  const e = await startTestEngine({ dataDir, ...(secrets && { secrets }) });
  try {
    return await fn(e);
  } finally {
    await e.stop();
  }
}

const jwksKid = async (e: TestEngine) => ((await (await e.http('/auth/jwks')).json()) as any).keys[0].kid as string;

class NoKeychain implements SecretStore {
  isAvailable() {
    return false;
  }
  assertAvailable(): void {
    throw new SecretStoreUnavailable('test: no keychain');
  }
  get(): string | null {
    throw new SecretStoreUnavailable('test: no keychain');
  }
  set(): void {
    throw new SecretStoreUnavailable('test: no keychain');
  }
  delete(): void {}
}

describe('integrator client (see docs/api/auth-and-scopes.md#clients)', () => {
  it('is created at first start in DIR/integrator.json (0600), kept across restarts', async () => {
    const dir = newDir();
    const first = await withEngine(dir, undefined, async (e) => {
      const file = join(dir, 'integrator.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const i = integrator(e);
      expect(Object.keys(i).sort()).toEqual(['client_id', 'client_secret']);
      const row = e.ctx.db.prepare('SELECT * FROM oauth_clients WHERE id = ?').get(i.client_id) as any;
      expect(row).toMatchObject({ is_integrator: 1, scopes: 'users_create admin', revoked_date: null });
      expect(row.secret_hash).not.toContain(i.client_secret);
      return i;
    });
    chmodSync(join(dir, 'integrator.json'), 0o644);
    await withEngine(dir, undefined, async (e) => {
      expect(integrator(e)).toEqual(first);
      expect(statSync(join(dir, 'integrator.json')).mode & 0o777).toBe(0o600);
      const t = await tokenRequest(e, {
        grant_type: 'client_credentials',
        client_id: first.client_id,
        client_secret: first.client_secret,
      });
      expect(t.status).toBe(200);
    });
  });

  it('is replaced when the file is deleted or unusable; the old one stops working', async () => {
    const dir = newDir();
    const old = await withEngine(dir, undefined, async (e) => integrator(e));
    unlinkSync(join(dir, 'integrator.json'));
    const second = await withEngine(dir, undefined, async (e) => {
      const i = integrator(e);
      expect(i.client_id).not.toBe(old.client_id);
      const r = await tokenRequest(e, {
        grant_type: 'client_credentials',
        client_id: old.client_id,
        client_secret: old.client_secret,
      });
      expect(r.body.error).toBe('invalid_client');
      const integrators = e.ctx.db
        .prepare('SELECT COUNT(*) AS n FROM oauth_clients WHERE is_integrator = 1 AND revoked_date IS NULL')
        .get() as any;
      expect(integrators.n).toBe(1);
      return i;
    });
    writeFileSync(join(dir, 'integrator.json'), '{"client_id": "broken"');
    await withEngine(dir, undefined, async (e) => {
      const i = integrator(e);
      expect(i.client_id).not.toBe(second.client_id);
      expect(
        (
          await tokenRequest(e, {
            grant_type: 'client_credentials',
            client_id: i.client_id,
            client_secret: i.client_secret,
          })
        ).status,
      ).toBe(200);
    });
  });
});

describe('id_token signing key', () => {
  it('is kept in the keychain (private JWK) and settings (public JWK) and survives restarts', async () => {
    const dir = newDir();
    const secrets = new MemorySecretStore();
    const kid = await withEngine(dir, secrets, jwksKid);
    const privateJwk = JSON.parse(secrets.get(idTokenKeySecretName(kid))!);
    expect(privateJwk).toMatchObject({ kty: 'EC', crv: 'P-256', d: expect.any(String) });
    expect(await withEngine(dir, secrets, jwksKid)).toBe(kid);
    // Nothing secret in the database.
    await withEngine(dir, secrets, async (e) => {
      const all = JSON.stringify(e.ctx.db.prepare('SELECT * FROM settings').all());
      expect(all).toContain(kid);
      expect(all).not.toContain(privateJwk.d);
    });
  });

  it('lives in memory for the process when no keychain is available', async () => {
    const dir = newDir();
    const a = await withEngine(dir, new NoKeychain(), async (e) => {
      const u = await apiCreateUser(e);
      expect((await passwordGrant(e, u.email, u.password)).body.id_token).toEqual(expect.any(String));
      return jwksKid(e);
    });
    const b = await withEngine(dir, new NoKeychain(), jwksKid);
    expect(a).not.toBe(b);
  });
});

const keychainAvailable = new KeychainSecretStore(`coffer-test-probe-${process.pid}`).isAvailable();

describe.runIf(keychainAvailable)('with the real OS keychain', () => {
  it('keeps the id_token key across restarts and removes channel credentials when a user is deleted', async () => {
    const dir = newDir();
    const kid = await withEngine(dir, undefined, jwksKid);
    await withEngine(dir, undefined, async (e) => {
      expect(await jwksKid(e)).toBe(kid);
      const u = await apiCreateUser(e);
      const db = e.ctx.db;
      const now = e.ctx.now();
      db.prepare(
        "INSERT OR IGNORE INTO providers (id, name, type, country_code, base_url, logo) VALUES ('kc-prov', 'KC', 'BANKING', 'FRA', 'https://b.example', 'x.png')",
      ).run();
      db.prepare(
        "INSERT OR IGNORE INTO channel_definitions (id, provider_id, mode, account_types, credentials) VALUES ('kc-prov00', 'kc-prov', 'EMBEDDED', '[]', '[]')",
      ).run();
      const conn = Number(
        db
          .prepare(
            "INSERT INTO connections (user_id, provider_id, name, status, creation_date) VALUES (?, 'kc-prov', 'kc', 'SUCCESS', ?)",
          )
          .run(Number(u.id), now).lastInsertRowid,
      );
      const channel = Number(
        db
          .prepare(
            "INSERT INTO channels (connection_id, channel_definition_id, mode, status) VALUES (?, 'kc-prov00', 'EMBEDDED', 'SUCCESS')",
          )
          .run(conn).lastInsertRowid,
      );
      e.ctx.secrets.set(channelSecretName(channel), '{"password":"hunter2"}');
      expect(e.ctx.secrets.get(channelSecretName(channel))).toBe('{"password":"hunter2"}');
      const token = (await passwordGrant(e, u.email, u.password)).body.access_token;
      expect((await e.http('/v2/users/me/terms', { method: 'POST', token })).status).toBe(204);
      expect((await e.http('/v2/users/me', { method: 'DELETE', token })).status).toBe(204);
      expect(e.ctx.secrets.get(channelSecretName(channel))).toBeNull();
      e.ctx.secrets.delete(idTokenKeySecretName(kid));
    });
  });
});
