import { defaultChannelDefinition } from '../../catalogue/providers';
import { providerFor } from '../../rollout/catalogue-view';
import type { ChannelDefinition } from '../../connectors/types';
import type { EngineContext } from '../../context';
import { ApiError, badRequest, secretStoreUnavailable } from '../../http/errors';
import { channelSecretName } from '../../secrets/secret-names';
import { firstSyncType } from '../rules/consent';
import { rejectUnusableCredentials } from './connector-credentials'; // [simplefin hook]
import { checkCredentials, type CredentialInput } from './credential-input';
import type { ChannelRow, ConnectionRow } from './rows';

export interface CreateConnectionBody {
  provider_id: string;
  channel_definition_id?: string;
  key_id?: string;
  credentials: CredentialInput[];
  name?: string;
  auto_sync?: boolean;
  consent_per_account?: boolean;
}

/** Keeps a channel's values in the keychain; a keychain failure is the 503 of C3 (and rolls back the caller's transaction). */
function storeSecret(ctx: EngineContext, channelId: number, values: Record<string, string>): void {
  try {
    ctx.secrets.set(channelSecretName(channelId), JSON.stringify(values));
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw secretStoreUnavailable((err as Error).message);
  }
}

function usableDefinition(definitions: readonly ChannelDefinition[], id: string, providerId: string): ChannelDefinition {
  const definition = definitions.find((d) => d.id === id);
  if (!definition) throw badRequest(`channel definition ${JSON.stringify(id.slice(0, 64))} is not one of provider ${providerId}`);
  if (definition.unavailable) throw badRequest(`channel definition ${id} is unavailable`);
  return definition;
}

/**
 * Without channel_definition_id, C7 takes the provider's first available definition (REDIRECT before
 * EMBEDDED). Credentials that only another definition knows (login and password of a client written before
 * PSD2) would then be refused for sure, so the first available definition that knows every given
 * credential id is taken first.
 */
function definitionForCredentials(definitions: readonly ChannelDefinition[], credentials: readonly CredentialInput[]): ChannelDefinition | undefined {
  if (credentials.length === 0) return undefined;
  return definitions.find((d) => !d.unavailable && credentials.every((c) => d.credentials.some((x) => x.id === c.id)));
}

/**
 * POST /connections (C7). The credentials are checked (and decrypted) first; then, in one database
 * transaction, the connection, its channel (plus an EMPTY channel for every other available definition of
 * the provider) and the keychain entry are written — no keychain, nothing written (503). The first
 * synchronization is then started, so the connection is RUNNING when this returns.
 */
export async function createConnection(ctx: EngineContext, userId: number, body: CreateConnectionBody): Promise<number> {
  const provider = providerFor(ctx.db, body.provider_id, { userId });
  if (!provider) throw badRequest(`unknown provider ${JSON.stringify(body.provider_id.slice(0, 64))}`);
  let definition: ChannelDefinition | undefined;
  if (body.channel_definition_id !== undefined) {
    definition = usableDefinition(provider.channel_definitions, body.channel_definition_id, provider.id);
  } else {
    definition = definitionForCredentials(provider.channel_definitions, body.credentials) ?? defaultChannelDefinition(provider);
    if (!definition) throw badRequest(`provider ${provider.id} has no available channel definition`);
  }
  const checked = await checkCredentials(ctx, userId, definition.credentials, body.credentials, {
    keyId: body.key_id,
    what: `channel definition ${definition.id}`,
  });
  rejectUnusableCredentials(provider.id, definition.id, checked.values); // [simplefin hook]
  ctx.secrets.assertAvailable();

  const consentPerAccount = body.consent_per_account ?? false;
  const db = ctx.db;
  const connectionId = db.transaction(() => {
    const id = Number(
      db
        .prepare(
          `INSERT INTO connections (user_id, provider_id, name, status, auto_sync, consent_per_account, creation_date)
           VALUES (?, ?, ?, 'NEVER', ?, ?, ?)`,
        )
        .run(userId, provider.id, body.name ?? provider.name, body.auto_sync === false ? 0 : 1, consentPerAccount ? 1 : 0, ctx.now())
        .lastInsertRowid,
    );
    const insertChannel = db.prepare(
      `INSERT INTO channels (connection_id, channel_definition_id, mode, status, masked_credentials, has_secret)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    let channelId = 0;
    for (const d of provider.channel_definitions) {
      if (d.id === definition.id) {
        channelId = Number(
          insertChannel.run(id, d.id, d.mode, 'NEVER', JSON.stringify(d.mode === 'REDIRECT' ? [] : checked.masked), 1).lastInsertRowid,
        );
      } else if (!d.unavailable) {
        insertChannel.run(id, d.id, d.mode, 'EMPTY', '[]', 0);
      }
    }
    storeSecret(ctx, channelId, checked.values);
    return id;
  })();
  ctx.services.sync.start(connectionId, { type: firstSyncType(consentPerAccount), channelDefinitionIds: [definition.id] });
  return connectionId;
}

export interface PutCredentialsBody {
  channel_definition_id: string;
  key_id?: string;
  credentials: CredentialInput[];
}

/**
 * PUT /connections/{id}/credentials (C7): new values for one channel of the connection — the values not
 * given are kept from the keychain — or a new channel (an EMPTY one or a definition the connection does
 * not list yet). Then a synchronization of that channel starts.
 */
export async function putCredentials(ctx: EngineContext, userId: number, connection: ConnectionRow, body: PutCredentialsBody): Promise<void> {
  if (connection.status === 'CLOSED') throw badRequest(`connection ${connection.id} is closed; reopen it first`);
  const provider = providerFor(ctx.db, connection.provider_id, { userId, connectionId: connection.id });
  if (!provider) throw badRequest(`provider ${connection.provider_id} is no longer in the catalogue`);
  const definition = usableDefinition(provider.channel_definitions, body.channel_definition_id, provider.id);
  const db = ctx.db;
  const channel = db
    .prepare<[number, string], ChannelRow>('SELECT * FROM channels WHERE connection_id = ? AND channel_definition_id = ?')
    .get(connection.id, definition.id);
  let existing: Record<string, string> | undefined;
  if (channel && channel.has_secret === 1 && channel.status !== 'EMPTY') {
    const stored = ctx.secrets.get(channelSecretName(channel.id));
    if (stored) {
      try {
        existing = JSON.parse(stored) as Record<string, string>;
      } catch {
        existing = undefined;
      }
    }
  }
  const checked = await checkCredentials(ctx, userId, definition.credentials, body.credentials, {
    keyId: body.key_id,
    existing,
    what: `channel definition ${definition.id}`,
  });
  rejectUnusableCredentials(provider.id, definition.id, checked.values); // [simplefin hook]
  ctx.secrets.assertAvailable();
  const masked = JSON.stringify(definition.mode === 'REDIRECT' ? [] : checked.masked);
  const isNew = !channel || channel.status === 'EMPTY';
  db.transaction(() => {
    let channelId: number;
    if (channel) {
      db.prepare(
        `UPDATE channels SET masked_credentials = ?, has_secret = 1, status = CASE WHEN status = 'EMPTY' THEN 'NEVER' ELSE status END
         WHERE id = ?`,
      ).run(masked, channel.id);
      channelId = channel.id;
    } else {
      channelId = Number(
        db
          .prepare(
            `INSERT INTO channels (connection_id, channel_definition_id, mode, status, masked_credentials, has_secret)
             VALUES (?, ?, ?, 'NEVER', ?, 1)`,
          )
          .run(connection.id, definition.id, definition.mode, masked).lastInsertRowid,
      );
    }
    storeSecret(ctx, channelId, checked.values);
  })();
  ctx.services.sync.start(connection.id, {
    type: isNew ? firstSyncType(connection.consent_per_account === 1) : 'ALL',
    channelDefinitionIds: [definition.id],
  });
}
