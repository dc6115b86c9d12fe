import { maskCredential } from '../../../../shared/credential-mask';
import type { Connection, CredentialDefinition } from '../../lib/api';

/**
 * "Is this login already connected?" before adding a connection (issue 15: the same bank login twice doubled
 * net worth). The engine never gives a login back, only its masked value (`us****ok`, contract: masked_value);
 * the app masks the login being typed with the engine's own rule (src/shared/credential-mask) and compares,
 * for the same provider and channel. Masks are lossy (two characters at each end), so a match is a warning
 * the person can override ("Add it anyway"), never a refusal; fully hidden masks (passwords, short or
 * encrypted values) prove nothing and are not compared.
 */
export interface SameLogin {
  connection: Connection;
  /** The masked login both share, e.g. `so****ne`. */
  masked: string;
}

const comparable = (masked: string) => /[^*]/.test(masked);

export function findSameLogin(
  connections: readonly Connection[],
  providerId: string,
  channelDefinitionId: string,
  definitions: readonly CredentialDefinition[],
  values: Record<string, string>,
): SameLogin | null {
  const typed = definitions
    .filter((d) => d.type === 'TEXT' && !d.encrypt && values[d.id])
    .map((d) => ({ id: d.id, masked: maskCredential(d.type, values[d.id]!, d.encrypt) }))
    .filter((c) => comparable(c.masked));
  if (typed.length === 0) return null;
  for (const connection of connections) {
    if (connection.provider_id !== providerId) continue;
    const channel = connection.channels.find((c) => c.channel_definition_id === channelDefinitionId);
    if (!channel || channel.status === 'EMPTY') continue;
    const kept = new Map((channel.credentials ?? []).map((c) => [c.id, c.masked_value]));
    if (typed.every((c) => kept.get(c.id) === c.masked)) return { connection, masked: typed[0]!.masked };
  }
  return null;
}
