/** Export and import of one user's data (docs/export-format.md). */
import type { ServiceDeps } from '../deps';
import { exportChunks } from './export-stream';
import { importDocument } from './import-document';

export type { ImportCounts } from './import-document';

export function createExportImportService(deps: Pick<ServiceDeps, 'store' | 'now'>) {
  return {
    /** The user's export document as pieces of JSON text, read from the store a page at a time. */
    exportChunks: (userId: number) => exportChunks(deps.store, userId, deps.now()),
    /** Imports a parsed export document into the user, who must have no data yet. */
    importDocument: (userId: number, document: unknown) => importDocument(deps.store, userId, document, deps.now()),
  };
}
