/**
 * The provider's check of credential values at creation and credential replacement: values it can tell are
 * unusable (a SimpleFIN setup token that is not the base64 of an https claim URL) are refused with an
 * InvalidInput (400 invalid_request) before anything is stored or contacted. The text never quotes a value.
 */
import { InvalidInput } from '../../domain/errors';
import type { ServiceDeps } from '../deps';

export function rejectUnusableCredentials(
  deps: Pick<ServiceDeps, 'credentialProblem'>,
  providerId: string,
  channelDefinitionId: string,
  values: Readonly<Record<string, string>>,
): void {
  const problem = deps.credentialProblem(providerId, channelDefinitionId, values);
  if (problem) throw new InvalidInput(problem.slice(0, 300));
}
