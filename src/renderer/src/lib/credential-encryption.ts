import * as core from '../../core/api/credential-encryption';
import { keysApi, type CredentialDefinition, type CredentialValue } from './api';

export { encryptValue, preloadEncryption } from '../../core/api/credential-encryption';

/** The app's credential values to send, encrypted where the definition says so (key from keysApi). */
export function prepareCredentials(
  definitions: readonly CredentialDefinition[],
  values: Record<string, string>,
): Promise<{ key_id?: string; credentials: CredentialValue[] }> {
  return core.prepareCredentials(definitions, values, () => keysApi.create());
}
