import type { ServerResponse } from 'node:http';

/**
 * Writes `bytes` bytes of `chunk` repeated (the last piece cut) to `res` as the client reads them, waiting
 * for drain, then ends the answer with `last`; stops as soon as the client closes the connection. Returns
 * the bytes written. Serves hostile answers of hundreds of megabytes without holding them anywhere.
 */
export async function streamFill(res: ServerResponse, bytes: number, chunk: Buffer, last = ''): Promise<number> {
  let written = 0;
  while (written < bytes && !res.destroyed) {
    const piece = bytes - written >= chunk.length ? chunk : chunk.subarray(0, bytes - written);
    written += piece.length;
    if (!res.write(piece)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
  }
  if (!res.destroyed) res.end(last);
  return written;
}
