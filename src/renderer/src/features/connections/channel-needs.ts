import type { ChannelDefinition, Connection } from '../../lib/api';
import { CREDENTIAL_STATUSES } from './credential-recovery';

/** What the person can fix on a connection: new credentials (EMBEDDED), or a renewed bank consent (REDIRECT). */
export interface ChannelNeeds {
  embedded: ChannelDefinition | undefined;
  redirect: ChannelDefinition | undefined;
  needsCredentials: boolean;
  needsRenewal: boolean;
}

export function channelNeeds(connection: Connection, definitions: readonly ChannelDefinition[]): ChannelNeeds {
  const channelIn = (mode: 'EMBEDDED' | 'REDIRECT', statuses: string[]) =>
    connection.channels.some((c) => c.mode === mode && statuses.includes(c.status));
  const used = (mode: 'EMBEDDED' | 'REDIRECT') =>
    definitions.find((d) => d.mode === mode && connection.channels.some((c) => c.channel_definition_id === d.id));
  return {
    embedded: used('EMBEDDED'),
    redirect: used('REDIRECT'),
    needsCredentials: channelIn('EMBEDDED', [...CREDENTIAL_STATUSES]),
    needsRenewal: channelIn('REDIRECT', ['TOKEN_EXPIRED', 'NEEDS_SECRET']),
  };
}
