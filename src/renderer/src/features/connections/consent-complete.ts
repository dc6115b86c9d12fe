import { ApiError, connectionsApi, providersApi, type ChannelDefinition } from '../../lib/api';
import type { I18n } from '../../lib/i18n';
import { errorMessage } from '../common/errors';
import type { PendingConnect } from './redirect-flow';

/**
 * The end of a consent in the person's words. The bank did approve: a refusal here is Coffer's (the engine
 * found the bank's answer unusable, 400) or a failure to save, never "the bank did not authorize".
 */
export function consentFailureMessage(i18n: I18n, err: unknown): string {
  if (err instanceof ApiError && err.status === 400 && err.code === 'invalid_request') {
    return i18n.t('consentAnswer.notAccepted');
  }
  return i18n.t('consentAnswer.notSaved', { message: errorMessage(i18n, err) });
}

function credentialId(def: ChannelDefinition | undefined, type: 'AUTHORIZATION_CODE' | 'STATE'): string {
  return def?.credentials.find((c) => c.type === type)?.id ?? type;
}

/**
 * The last step of every REDIRECT consent (C7, C16), whichever way the code came back (the app's
 * /connect-callback, the desktop consent window, a pasted address): the code and the state go to the engine
 * as the channel definition's AUTHORIZATION_CODE and STATE credentials, with POST /connections for a new
 * connection or PUT /connections/{id}/credentials to renew the consent of an existing one. Answers the
 * connection id.
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
