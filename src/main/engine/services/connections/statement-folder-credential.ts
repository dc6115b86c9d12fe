import { FOLDER_CREDENTIAL, resolveStatementFolder } from '../../statement-files';
import type { ServiceDeps } from '../deps';

/**
 * A statement-files connection's folder credential is checked when it is given (creation, new credentials):
 * a folder the engine may not read (domain/statement-folder.ts) is refused with 400 saying why, before
 * anything is stored.
 */
export async function checkStatementFolderCredential(
  deps: Pick<ServiceDeps, 'dataDir'>,
  providerType: string,
  values: Record<string, string>,
): Promise<void> {
  if (providerType !== 'DOCUMENT') return;
  const folder = values[FOLDER_CREDENTIAL];
  if (folder !== undefined) await resolveStatementFolder(folder, deps.dataDir);
}
