import type { MessageKey } from '../../lib/i18n';

/**
 * The fields of a bank's form come from the provider's channel definition, labelled by the engine in the
 * language of the request that listed the providers: a list read before the person switched language stays
 * in the old one. The fields the app knows are labelled by their key in the app's language instead; a field
 * it does not know keeps the bank's own label.
 */
const KNOWN = new Set(['login', 'password', 'folder', 'setup_token', 'sms_code', 'AUTHORIZATION_CODE', 'STATE']);

export function credentialLabel(t: (key: MessageKey) => string, field: { id: string; label: string }): string {
  return KNOWN.has(field.id) ? t(`credential.${field.id}` as MessageKey) : field.label;
}
