import { connectionsApi, providersApi, type ChannelDefinition } from '../../lib/api';
import type { PendingConnect } from './redirect-flow';

function credentialId(def: ChannelDefinition | undefined, type: 'AUTHORIZATION_CODE' | 'STATE'): string {
  return def?.credentials.find((c) => c.type === type)?.id ?? type;
}

/**
 * The last step of every REDIRECT consent (see docs/api/request-bodies.md#authorize-url and
 * docs/api/enablebanking.md#consent), whichever way the code came back (the app's /connect-callback, the desktop
 * consent window, a pasted address): the code and the state go to the engine as the channel definition's
 * AUTHORIZATION_CODE and STATE credentials, with POST /connections for a new connection or PUT
 * /connections/{id}/credentials to renew the consent of an existing one. Answers the connection id.
 */
export async function completeConsent(pending: PendingConnect, code: string, state: string): Promise<string> {
  const provider = await providersApi.get(pending.providerId);
  const def = provider.channel_definitions.find((c) => c.id === pending.channelDefinitionId);
  const credentials = [
    { id: credentialId(def, 'AUTHORIZATION_CODE'), value: code },
    { id: credentialId(def, 'STATE'), value: state },
  ];
  if (pending.connectionId) {
    await connectionsApi.updateCredentials(pending.connectionId, {
      channel_definition_id: pending.channelDefinitionId,
      credentials,
    });
    return pending.connectionId;
  }
  const created = await connectionsApi.create({
    provider_id: pending.providerId,
    channel_definition_id: pending.channelDefinitionId,
    credentials,
    name: pending.name,
    auto_sync: pending.autoSync,
    consent_per_account: pending.consentPerAccount,
  });
  return created.id;
}
