/**
 * Reading an answer from outside (a bank's server, a bridge, a rates or statement source) with a size limit.
 * Any host a person's token or setting names can answer; left unbounded, one answer of a few hundred
 * megabytes is held whole in the engine's memory (and several in parallel take it to gigabytes). So every
 * outside answer is read as a stream and given up, connection closed, once it passes its limit: a declared
 * Content-Length above the limit is refused before reading anything.
 */

/** The answer passed `limit` bytes; nothing of it is kept. */
export class AnswerTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the answer is larger than ${describeBytes(limit)}`);
    this.name = 'AnswerTooLarge';
  }
}

/** "4 KB", "64 MB": a limit in the person's units (1 KB = 1,024 bytes). */
export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

export interface BoundedReadOptions {
  /** Most bytes accepted. */
  limit: number;
  /** The Content-Length the answer declared, if any (a header value). */
  declaredLength?: string | number | null;
}

/**
 * The whole body of an answer, at most `limit` bytes. `body` is a fetch Response's body or a node:http
 * IncomingMessage (both async-iterable byte streams). Past the limit the stream is closed (which aborts
 * the connection) and AnswerTooLarge is thrown.
 */
export async function readBounded(
  body: AsyncIterable<Uint8Array> | null | undefined,
  options: BoundedReadOptions,
): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const iterator = body[Symbol.asyncIterator]();
  const declared = Number(options.declaredLength ?? Number.NaN);
  if (Number.isFinite(declared) && declared > options.limit) {
    await iterator.return?.();
    throw new AnswerTooLarge(options.limit);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    total += next.value.byteLength;
    if (total > options.limit) {
      chunks.length = 0;
      await iterator.return?.();
      throw new AnswerTooLarge(options.limit);
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks, total);
}

/** The same, decoded as UTF-8 text. */
export async function readBoundedText(
  body: AsyncIterable<Uint8Array> | null | undefined,
  options: BoundedReadOptions,
): Promise<string> {
  return (await readBounded(body, options)).toString('utf8');
}
