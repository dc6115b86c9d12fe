/**
 * [simplefin hook] Connector.validateCredentials at creation and credential replacement: values the
 * provider can tell are unusable (a SimpleFIN setup token that is not the base64 of an https claim URL) are a
 * 400 invalid_request before anything is stored or contacted.
 */
import { getConnector } from '../../connectors/registry';
import { badRequest } from '../../http/errors';

export function rejectUnusableCredentials(providerId: string, channelDefinitionId: string, values: Readonly<Record<string, string>>): void {
  const problem = getConnector(providerId)?.validateCredentials?.(channelDefinitionId, values);
  if (problem) throw badRequest(problem.slice(0, 300));
}
