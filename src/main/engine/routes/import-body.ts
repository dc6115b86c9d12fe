/** The body of an import: a stream of at most 1 GiB, refused with 413 past it. */
import type { Readable } from 'node:stream';
import { ApiError } from '../http/errors';

export const MAX_IMPORT_BYTES = 1024 * 1024 * 1024;

export function tooLarge(): ApiError {
  return new ApiError(413, 'payload_too_large', 'an export file may be at most 1 GiB');
}

/**
 * The body's pieces as they arrive (none for an empty body); a 413 once more than the limit has come. When
 * the reader stops early (a refused document), the rest of the body is read and dropped rather than left
 * unread: a client still sending would otherwise wait for the server to read on and never see the answer.
 */
export async function* limitedBody(body: unknown): AsyncGenerator<Buffer> {
  if (!body || typeof (body as Readable).pipe !== 'function') return;
  const stream = body as Readable;
  let size = 0;
  try {
    for await (const chunk of stream.iterator({ destroyOnReturn: false })) {
      size += (chunk as Buffer).length;
      if (size > MAX_IMPORT_BYTES) throw tooLarge();
      yield chunk as Buffer;
    }
  } finally {
    if (!stream.readableEnded) stream.resume();
  }
}
