/**
 * Reads the body of an import (a stream, up to 1 GiB) and parses it as JSON, saying in words what is wrong
 * with a file that is not JSON or is cut short.
 */
import type { Readable } from 'node:stream';
import { ApiError, badRequest } from '../http/errors';

export const MAX_IMPORT_BYTES = 1024 * 1024 * 1024;

export function tooLarge(): ApiError {
  return new ApiError(413, 'payload_too_large', 'an export file may be at most 1 GiB');
}

/** The body's text, refused past the size limit. Undefined for an empty body. */
async function readText(body: unknown): Promise<string | undefined> {
  if (!body || typeof (body as Readable).pipe !== 'function') return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as Readable) {
    size += (chunk as Buffer).length;
    if (size > MAX_IMPORT_BYTES) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return undefined;
  return Buffer.concat(chunks, size).toString('utf8');
}

/** The parsed document; a 400 in words for a truncated file or one that is not JSON. */
export async function readImportBody(body: unknown): Promise<unknown> {
  const text = await readText(body);
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    if (/^\s*\{\s*"format"\s*:\s*"coffer-export"/.test(text.slice(0, 200))) {
      throw badRequest('this export file is cut short or damaged: it ends before the document does. Export your data again, or check the copy is complete.');
    }
    throw badRequest('this file is not a Coffer export: it is not a JSON document. Choose a file made by "Export my data".');
  }
}
