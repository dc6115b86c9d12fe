/** Export and import of one user's data (docs/export-format.md). */
import { Conflict } from '../../domain/errors';
import type { ServiceDeps } from '../deps';
import { exportChunks } from './export-stream';
import { importStream } from './import-stream';

export type { ImportCounts } from './record-writer';

export function createExportImportService(deps: Pick<ServiceDeps, 'store' | 'now'>) {
  /** Users whose import is being read now: a second one at the same time would mix with it. */
  const importing = new Set<number>();
  return {
    /** The user's export document as pieces of JSON text, read from the store a page at a time. */
    exportChunks: (userId: number) => exportChunks(deps.store, userId, deps.now()),
    /** Imports an export document, read from `chunks`, into the user, who must have no data yet. */
    async importStream(userId: number, chunks: AsyncIterable<Buffer>) {
      if (importing.has(userId)) throw new Conflict('an import into this profile is already under way; wait for it to end');
      importing.add(userId);
      try {
        return await importStream(deps.store, userId, chunks, deps.now());
      } finally {
        importing.delete(userId);
      }
    },
  };
}
