/**
 * What a widget page checks on the server before it is served (docs/api/widget.md): the
 * flow parameters (the query overriding the session), the provider and its channel definition, and the
 * connection a page works on. A failure becomes `redirect_uri?result=error&error=<code>`.
 */
import { catalogueChannelDefinition, catalogueProvider } from '../catalogue/providers';
import { parseId } from '../domain/record';
import type { Store } from '../store';
import { FlowParamError, parseFlowParams, type FlowParams, type WidgetPage } from './flow-params';

/** The `error` values a widget result can carry beside connection statuses (documented in the README). */
export type PageErrorCode =
  'invalid_request' | 'invalid_provider' | 'invalid_channel_definition' | 'connection_not_found';

export type PageCheck = { ok: true; params: FlowParams } | { ok: false; error: PageErrorCode; description: string };

const fail = (error: PageErrorCode, description: string): PageCheck => ({ ok: false, error, description });

/** Checks a provider id and channel definition id pair (either may be absent). */
export function checkProviderPair(
  ctx: { store: Pick<Store, 'providers'> },
  providerId: string | undefined,
  channelDefinitionId: string | undefined,
): PageCheck | null {
  if (providerId !== undefined) {
    const provider = catalogueProvider(ctx, providerId);
    if (!provider || !provider.channel_definitions.some((d) => !d.unavailable)) {
      return fail('invalid_provider', `provider ${providerId} does not exist or cannot be connected`);
    }
    if (channelDefinitionId !== undefined) {
      const definition = provider.channel_definitions.find((d) => d.id === channelDefinitionId);
      if (!definition || definition.unavailable) {
        return fail(
          'invalid_channel_definition',
          `channel definition ${channelDefinitionId} is not an available channel of provider ${providerId}`,
        );
      }
    }
    return null;
  }
  if (channelDefinitionId !== undefined) {
    const found = catalogueChannelDefinition(ctx, channelDefinitionId);
    if (!found || found.definition.unavailable) {
      return fail(
        'invalid_channel_definition',
        `channel definition ${channelDefinitionId} does not exist or is unavailable`,
      );
    }
  }
  return null;
}

export interface PageCheckInput {
  store: Pick<Store, 'providers' | 'connections'>;
  userId: number;
  page: WidgetPage;
  sessionParams: FlowParams;
  query: Record<string, unknown>;
}

export function checkPage({ store, userId, page, sessionParams, query }: PageCheckInput): PageCheck {
  let queryParams: FlowParams;
  try {
    queryParams = parseFlowParams(query);
  } catch (err) {
    if (err instanceof FlowParamError) return fail('invalid_request', err.message);
    throw err;
  }
  // The query overrides the session (rule 4). A query naming another provider drops the session's channel.
  const params: FlowParams = { ...sessionParams, ...queryParams };
  if (
    queryParams.provider_id !== undefined &&
    queryParams.channel_definition_id === undefined &&
    queryParams.provider_id !== sessionParams.provider_id
  ) {
    delete params.channel_definition_id;
  }

  const connectionText =
    typeof query.connection_id === 'string' && query.connection_id !== '' ? query.connection_id : undefined;
  const connection = connectionText === undefined ? undefined : store.connections.findOwned(userId, parseId(connectionText));
  if (connectionText !== undefined && !connection)
    return fail('connection_not_found', `connection ${connectionText} not found`);

  switch (page) {
    case 'add_connection':
      return checkProviderPair({ store }, params.provider_id, params.channel_definition_id) ?? { ok: true, params };
    case 'edit_credentials':
    case 'user_input':
    case 'manage_accounts': {
      if (!connection) return fail('invalid_request', `the ${page} page needs the connection_id query parameter`);
      const definitionId = queryParams.channel_definition_id;
      if (page === 'edit_credentials' && definitionId !== undefined) {
        const problem = checkProviderPair({ store }, connection.provider_id, definitionId);
        if (problem) return problem;
      }
      return { ok: true, params };
    }
    default:
      return { ok: true, params };
  }
}
