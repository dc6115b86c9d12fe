import * as core from '../../core/api/credential-encryption';
import { post } from './api';
import type { CredentialDefinition, EncryptionKey } from './types';

export { encryptValue } from '../../core/api/credential-encryption';

export interface PreparedCredentials {
  key_id?: string;
  credentials: core.CredentialValue[];
}

/** The widget's credential values to send, encrypted where the definition says so (key from POST /v2/keys). */
export function prepareCredentials(
  definitions: readonly CredentialDefinition[],
  values: Record<string, string>,
): Promise<PreparedCredentials> {
  return core.prepareCredentials(definitions, values, async () => (await post<EncryptionKey>('/v2/keys', {})).data);
}
