import { providerFor } from '../../catalogue/catalogue-view';
import { idString, parseJson } from '../../domain/record';
import type { ChannelStatus, ConnectionStatus } from '../../domain/values';
import type { Store } from '../../store';
import type { ChannelRow } from '../../store/channels';
import type { ConnectionRow } from '../../store/connections';
import type { CatalogueProvider } from '../../store/providers';

/** What reading connection records needs (the engine context and the service dependencies both have it). */
export interface RecordDeps {
  store: Pick<Store, 'connections' | 'channels' | 'providers' | 'rollout'>;
  urls: { readonly host_url: string };
}

export interface ChannelRecord {
  /** Same as channel_definition_id (published clients read either name: some payloads name it `id`). */
  id: string;
  channel_definition_id: string;
  mode: 'REDIRECT' | 'EMBEDDED';
  status: ChannelStatus;
  expires?: number;
  last_success_date?: number;
  last_end_date?: number;
  credentials: Array<{ id: string; masked_value: string }>;
  account_types: string[];
  channel_definition_unavailable: boolean;
}

export interface ConnectionRecord {
  id: string;
  user_id: string;
  provider_id: string;
  name: string;
  status: ConnectionStatus;
  creation_date: number;
  auto_sync: boolean;
  logo_url: string;
  channels: ChannelRecord[];
  owner?: { name: string };
  consent_per_account: boolean;
}

/** `{host_url}/logos/<provider_id>.svg` (served by the logo route). */
export const logoUrl = (hostUrl: string, providerId: string) => `${hostUrl}/logos/${encodeURIComponent(providerId)}.svg`;

export function channelRecord(row: ChannelRow, provider: CatalogueProvider | undefined): ChannelRecord {
  const definition = provider?.channel_definitions.find((d) => d.id === row.channel_definition_id);
  const record: ChannelRecord = {
    id: row.channel_definition_id,
    channel_definition_id: row.channel_definition_id,
    mode: row.mode,
    status: row.status,
    credentials: row.mode === 'REDIRECT' ? [] : parseJson(row.masked_credentials, []),
    account_types: definition ? [...definition.account_types] : [],
    channel_definition_unavailable: definition ? definition.unavailable : true,
  };
  if (row.mode === 'REDIRECT' && row.expires !== null) record.expires = row.expires;
  if (row.last_success_date !== null) record.last_success_date = row.last_success_date;
  if (row.last_end_date !== null) record.last_end_date = row.last_end_date;
  return record;
}

export function connectionRecord(
  row: ConnectionRow,
  channels: readonly ChannelRow[],
  provider: CatalogueProvider | undefined,
  hostUrl: string,
): ConnectionRecord {
  const record: ConnectionRecord = {
    id: idString(row.id),
    user_id: idString(row.user_id),
    provider_id: row.provider_id,
    name: row.name,
    status: row.status,
    creation_date: row.creation_date,
    auto_sync: row.auto_sync === 1,
    logo_url: logoUrl(hostUrl, row.provider_id),
    channels: channels.map((c) => channelRecord(c, provider)),
    consent_per_account: row.consent_per_account === 1,
  };
  if (row.owner_name) record.owner = { name: row.owner_name };
  return record;
}

/** The provider as this connection sees it (`channel_definition_unavailable` follows roll-out batches). */
const viewOf = (deps: RecordDeps, row: ConnectionRow) =>
  providerFor(deps, row.provider_id, { userId: row.user_id, connectionId: row.id });

/** Records of several connection rows (one query for all their channels). */
export function connectionRecords(deps: RecordDeps, rows: readonly ConnectionRow[]): ConnectionRecord[] {
  const channels = deps.store.channels.ofConnections(rows.map((r) => r.id));
  return rows.map((r) => connectionRecord(r, channels.get(r.id) ?? [], viewOf(deps, r), deps.urls.host_url));
}

/**
 * The Connection record of a connection id, as GET /connections/{id} serves it (for events and webhooks
 * too, which add account_count and accounts themselves). Undefined when it does not exist.
 */
export function loadConnectionRecord(deps: RecordDeps, connectionId: number): ConnectionRecord | undefined {
  const row = deps.store.connections.byId(connectionId);
  if (!row) return undefined;
  return connectionRecord(row, deps.store.channels.ofConnection(row.id), viewOf(deps, row), deps.urls.host_url);
}

const channelSchema = {
  type: 'object',
  required: ['channel_definition_id', 'mode', 'status', 'credentials', 'account_types', 'channel_definition_unavailable'],
  properties: {
    id: { type: 'string', description: 'Same as channel_definition_id.' },
    channel_definition_id: { type: 'string' },
    mode: { type: 'string', enum: ['REDIRECT', 'EMBEDDED'] },
    status: { type: 'string' },
    expires: { type: 'integer' },
    last_success_date: { type: 'integer' },
    last_end_date: { type: 'integer' },
    credentials: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'masked_value'],
        properties: { id: { type: 'string' }, masked_value: { type: 'string' } },
      },
    },
    account_types: { type: 'array', items: { type: 'string' } },
    channel_definition_unavailable: { type: 'boolean' },
  },
} as const;

export const connectionSchema = {
  type: 'object',
  required: ['id', 'user_id', 'provider_id', 'name', 'status', 'creation_date', 'auto_sync', 'logo_url', 'channels', 'consent_per_account'],
  properties: {
    id: { type: 'string' },
    user_id: { type: 'string' },
    provider_id: { type: 'string' },
    name: { type: 'string' },
    status: { type: 'string' },
    creation_date: { type: 'integer' },
    auto_sync: { type: 'boolean' },
    logo_url: { type: 'string' },
    channels: { type: 'array', items: channelSchema },
    owner: { type: 'object', properties: { name: { type: 'string' } } },
    consent_per_account: { type: 'boolean' },
  },
} as const;
