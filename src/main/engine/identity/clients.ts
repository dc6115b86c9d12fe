import { randomBytes } from 'node:crypto';
import { hashToken, newTokenValue, sameHash } from '../auth/token-hash';
import { CLIENT_SCOPES, type ClientScope } from '../auth/scopes';
import { InvalidInput } from '../domain/errors';
import type { ClientRow, ClientsStore } from '../store/clients';
import { registrableRedirectUriProblem } from '../domain/redirect-uri';

/**
 * OAuth clients (see docs/api/auth-and-scopes.md#clients): the integrator client made at first start, and those the
 * user registers.
 */
export interface Client {
  id: string;
  name: string;
  /** Confidential clients hold a secret; public ones (native apps, scripts using PKCE) do not. */
  confidential: boolean;
  redirectUris: string[];
  /** What `client_credentials` may grant this client. */
  scopes: ClientScope[];
  isIntegrator: boolean;
  creationDate: number;
}

export interface NewClient {
  name: string;
  redirectUris?: string[];
  public?: boolean;
  scopes?: string[];
  isIntegrator?: boolean;
}

/** The client record of the admin API and the CLI (the secret is shown only once, on creation). */
export interface ClientRecord {
  client_id: string;
  name: string;
  type: 'confidential' | 'public';
  redirect_uris: string[];
  scopes: ClientScope[];
  integrator: boolean;
  creation_date: number;
}

/** A new client's fields break a rule (the message says which). */
export class ClientInputError extends InvalidInput {}

export function clientRecord(c: Client): ClientRecord {
  return {
    client_id: c.id,
    name: c.name,
    type: c.confidential ? 'confidential' : 'public',
    redirect_uris: c.redirectUris,
    scopes: c.scopes,
    integrator: c.isIntegrator,
    creation_date: c.creationDate,
  };
}

/** Checks a new client's fields; throws ClientInputError with what is wrong. */
export function validateNewClient(input: NewClient): Required<Omit<NewClient, 'isIntegrator'>> {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name || name.length > 100) throw new ClientInputError('name must be 1 to 100 characters');
  const redirectUris = input.redirectUris ?? [];
  if (redirectUris.length > 20) throw new ClientInputError('at most 20 redirect URIs');
  for (const uri of redirectUris) {
    const problem = registrableRedirectUriProblem(uri);
    if (problem) throw new ClientInputError(`redirect URI ${JSON.stringify(uri)}: ${problem}`);
  }
  const isPublic = input.public === true;
  const scopes = [...new Set(input.scopes ?? (isPublic ? [] : ['users_create']))];
  const unknown = scopes.filter((s) => !(CLIENT_SCOPES as readonly string[]).includes(s));
  if (unknown.length) {
    throw new ClientInputError(
      `unknown client scope(s) ${unknown.join(' ')}; a client may hold ${CLIENT_SCOPES.join(', ')}`,
    );
  }
  if (isPublic && scopes.length)
    throw new ClientInputError('a public client cannot hold client scopes (it has no secret)');
  return { name, redirectUris: [...new Set(redirectUris)], public: isPublic, scopes };
}

function toClient(row: ClientRow): Client {
  return {
    id: row.id,
    name: row.name,
    confidential: row.secret_hash !== null,
    redirectUris: JSON.parse(row.redirect_uris) as string[],
    scopes: row.scopes.split(' ').filter(Boolean) as ClientScope[],
    isIntegrator: row.is_integrator === 1,
    creationDate: row.creation_date,
  };
}

/** OAuth clients: creating them (validated, secret shown once), finding them, checking secrets, revoking. */
export class Clients {
  constructor(private readonly store: ClientsStore) {}

  /** Creates a client; returns it with its secret (null for public clients), which is not kept. */
  create(input: NewClient, now: number): { client: Client; secret: string | null } {
    const valid = validateNewClient(input);
    const id = `client_${randomBytes(12).toString('base64url')}`;
    const secret = valid.public ? null : newTokenValue('ccs');
    this.store.insert({
      id,
      secret_hash: secret && hashToken(secret),
      name: valid.name,
      redirect_uris: JSON.stringify(valid.redirectUris),
      scopes: valid.scopes.join(' '),
      is_integrator: input.isIntegrator ? 1 : 0,
      creation_date: now,
    });
    return { client: this.find(id)!, secret };
  }

  /** An active (not revoked) client. */
  find(id: string): Client | undefined {
    const row = this.store.findActive(id);
    return row && toClient(row);
  }

  list(): Client[] {
    return this.store.listActive().map(toClient);
  }

  /** Constant-time check of a presented secret; false for public clients. */
  verifySecret(id: string, secret: string): boolean {
    const row = this.store.findActive(id);
    const presented = hashToken(secret);
    // Compare against something even when there is nothing to compare with.
    const stored = row?.secret_hash ?? hashToken(`no-such-client:${id}`);
    return sameHash(presented, stored) && row?.secret_hash != null;
  }

  /** Revokes a client and every token issued to it. False when there is no such active client. */
  revoke(id: string, now: number): boolean {
    return this.store.revokeWithTokens(id, now);
  }
}
