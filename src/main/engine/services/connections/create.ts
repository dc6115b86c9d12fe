import { providerFor } from '../../catalogue/catalogue-view';
import { defaultChannelDefinition } from '../../catalogue/providers';
import type { ChannelDefinition } from '../../connectors/types';
import { firstSyncType } from '../../domain/consent';
import { DomainError, InvalidInput, SecretStoreUnavailable } from '../../domain/errors';
import { storedCredentialValues, writeCredentialValues } from '../../store/channel-secret';
import type { ConnectionRow } from '../../store/connections';
import type { ServiceDeps } from '../deps';
import { rejectUnusableCredentials } from './connector-credentials';
import { checkCredentials, type CredentialInput } from './credential-input';
import { checkStatementFolderCredential } from './statement-folder-credential';

export interface CreateConnectionBody {
  provider_id: string;
  channel_definition_id?: string;
  key_id?: string;
  credentials: CredentialInput[];
  name?: string;
  auto_sync?: boolean;
  consent_per_account?: boolean;
}

/**
 * Keeps a channel's values in the keychain. A keychain failure is SecretStoreUnavailable (503 at the edge)
 * and, thrown inside the caller's transaction, rolls the rows back. A failure the keychain adapter already
 * classified (it carries a status code or is a domain error) goes on as it is.
 */
function storeSecret(deps: Pick<ServiceDeps, 'secrets'>, channelId: number, values: Record<string, string>): void {
  try {
    writeCredentialValues(deps.secrets, channelId, values);
  } catch (err) {
    if (err instanceof DomainError || typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
    throw new SecretStoreUnavailable((err as Error).message);
  }
}

function usableDefinition(definitions: readonly ChannelDefinition[], id: string, providerId: string): ChannelDefinition {
  const definition = definitions.find((d) => d.id === id);
  if (!definition) throw new InvalidInput(`channel definition ${JSON.stringify(id.slice(0, 64))} is not one of provider ${providerId}`);
  if (definition.unavailable) throw new InvalidInput(`channel definition ${id} is unavailable`);
  return definition;
}

/**
 * Without channel_definition_id, the API takes (docs/api/request-bodies.md#connections) the provider's first available
 * definition (REDIRECT before EMBEDDED). Credentials that only another definition knows (login and password of a client
 * written before PSD2) would then be refused for sure, so the first available definition that knows every given
 * credential id is taken first.
 */
function definitionForCredentials(definitions: readonly ChannelDefinition[], credentials: readonly CredentialInput[]): ChannelDefinition | undefined {
  if (credentials.length === 0) return undefined;
  return definitions.find((d) => !d.unavailable && credentials.every((c) => d.credentials.some((x) => x.id === c.id)));
}

/**
 * POST /connections (see docs/api/request-bodies.md#connections). The credentials are checked (and decrypted) first;
 * then, in one database transaction, the connection, its channel (plus an EMPTY channel for every other available
 * definition of the provider) and the keychain entry are written — no keychain, nothing written (503). The first
 * synchronization is then started, so the connection is RUNNING when this returns.
 */
export async function createConnection(deps: ServiceDeps, userId: number, body: CreateConnectionBody): Promise<number> {
  const { store } = deps;
  const provider = providerFor(deps, body.provider_id, { userId });
  if (!provider) throw new InvalidInput(`unknown provider ${JSON.stringify(body.provider_id.slice(0, 64))}`);
  let definition: ChannelDefinition | undefined;
  if (body.channel_definition_id !== undefined) {
    definition = usableDefinition(provider.channel_definitions, body.channel_definition_id, provider.id);
  } else {
    definition = definitionForCredentials(provider.channel_definitions, body.credentials) ?? defaultChannelDefinition(provider);
    if (!definition) throw new InvalidInput(`provider ${provider.id} has no available channel definition`);
  }
  const checked = await checkCredentials(deps.keys, userId, definition.credentials, body.credentials, {
    keyId: body.key_id,
    what: `channel definition ${definition.id}`,
  });
  rejectUnusableCredentials(deps, provider.id, definition.id, checked.values);
  await checkStatementFolderCredential(deps, provider.type, checked.values);
  deps.secrets.assertAvailable();

  const consentPerAccount = body.consent_per_account ?? false;
  const connectionId = store.transaction(() => {
    const id = store.connections.insert({
      userId,
      providerId: provider.id,
      name: body.name ?? provider.name,
      autoSync: body.auto_sync !== false,
      consentPerAccount,
      now: deps.now(),
    });
    let channelId = 0;
    for (const d of provider.channel_definitions) {
      if (d.id === definition.id) {
        channelId = store.channels.insert({
          connectionId: id,
          channelDefinitionId: d.id,
          mode: d.mode,
          status: 'NEVER',
          maskedCredentials: JSON.stringify(d.mode === 'REDIRECT' ? [] : checked.masked),
          hasSecret: true,
        });
      } else if (!d.unavailable) {
        store.channels.insert({ connectionId: id, channelDefinitionId: d.id, mode: d.mode, status: 'EMPTY', maskedCredentials: '[]', hasSecret: false });
      }
    }
    storeSecret(deps, channelId, checked.values);
    return id;
  });
  deps.sync.start(connectionId, { type: firstSyncType(consentPerAccount), channelDefinitionIds: [definition.id] });
  return connectionId;
}

export interface PutCredentialsBody {
  channel_definition_id: string;
  key_id?: string;
  credentials: CredentialInput[];
}

/**
 * PUT /connections/{id}/credentials (see docs/api/request-bodies.md#credentials): new values for one channel of the
 * connection — the values not given are kept from the keychain — or a new channel (an EMPTY one or a definition the
 * connection does not list yet). Then a synchronization of that channel starts.
 */
export async function putCredentials(deps: ServiceDeps, userId: number, connection: ConnectionRow, body: PutCredentialsBody): Promise<void> {
  const { store } = deps;
  if (connection.status === 'CLOSED') throw new InvalidInput(`connection ${connection.id} is closed; reopen it first`);
  const provider = providerFor(deps, connection.provider_id, { userId, connectionId: connection.id });
  if (!provider) throw new InvalidInput(`provider ${connection.provider_id} is no longer in the catalogue`);
  const definition = usableDefinition(provider.channel_definitions, body.channel_definition_id, provider.id);
  const channel = store.channels.byDefinition(connection.id, definition.id);
  const existing =
    channel && channel.has_secret === 1 && channel.status !== 'EMPTY' ? storedCredentialValues(deps.secrets, channel.id) : undefined;
  const checked = await checkCredentials(deps.keys, userId, definition.credentials, body.credentials, {
    keyId: body.key_id,
    existing,
    what: `channel definition ${definition.id}`,
  });
  rejectUnusableCredentials(deps, provider.id, definition.id, checked.values);
  await checkStatementFolderCredential(deps, provider.type, checked.values);
  deps.secrets.assertAvailable();
  const masked = JSON.stringify(definition.mode === 'REDIRECT' ? [] : checked.masked);
  const isNew = !channel || channel.status === 'EMPTY';
  store.transaction(() => {
    let channelId: number;
    if (channel) {
      store.channels.setCredentials(channel.id, masked);
      channelId = channel.id;
    } else {
      channelId = store.channels.insert({
        connectionId: connection.id,
        channelDefinitionId: definition.id,
        mode: definition.mode,
        status: 'NEVER',
        maskedCredentials: masked,
        hasSecret: true,
      });
    }
    storeSecret(deps, channelId, checked.values);
  });
  deps.sync.start(connection.id, {
    type: isNew ? firstSyncType(connection.consent_per_account === 1) : 'ALL',
    channelDefinitionIds: [definition.id],
  });
}
