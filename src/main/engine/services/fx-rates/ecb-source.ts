/**
 * Fetching one of the European Central Bank's rate files from the base URL (by default the ECB's own site;
 * COFFER_FX_URL points the engine at another one, such as the tests' loopback emulator). Plain http is
 * accepted only for a loopback host: the rates decide what a person's money is worth, so a network between
 * here and the source must not be able to change them. The answer is read as a stream, parsed tag by tag
 * as it arrives, and given up past its size limit (a hostile or broken server cannot fill the memory).
 */
import { AnswerTooLarge } from '../../connectors/bounded-read';
import { EcbXmlReader, type EcbParseResult } from '../../domain/ecb-xml';
import type { EcbFile } from '../../domain/fx-schedule';

export const ECB_BASE_URL = 'https://www.ecb.europa.eu/stats/eurofxref/';

/** The whole history is about 7 MB today and grows by about 1 MB every 4 years; the other files are small. */
const LIMITS: Record<EcbFile, number> = {
  'eurofxref-hist.xml': 64 * 1024 * 1024,
  'eurofxref-hist-90d.xml': 4 * 1024 * 1024,
  'eurofxref-daily.xml': 1024 * 1024,
};
const TIMEOUT_MS = 120_000;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The base URL is unusable (told in words). */
export class RatesSourceProblem extends Error {}

/** The base URL, checked: https anywhere, http only on a loopback host; it always ends with "/". */
export function ratesBaseUrl(text: string | undefined): URL {
  let url: URL;
  try {
    url = new URL(text && text.trim() !== '' ? text.trim() : ECB_BASE_URL);
  } catch {
    throw new RatesSourceProblem(`the rates address ${JSON.stringify(text)} is not a web address`);
  }
  const loopback = LOOPBACK.has(url.hostname) || url.hostname.startsWith('127.');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new RatesSourceProblem(`the rates address must use https (plain http only on this computer): ${url.origin}`);
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

/** Fetches and parses one file; rejects with a reason in words when it cannot be used at all. */
export async function fetchEcbFile(base: URL, file: EcbFile, today: string, signal?: AbortSignal): Promise<EcbParseResult> {
  const url = new URL(file, base);
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const response = await fetch(url, {
    headers: { accept: 'application/xml, text/xml' },
    redirect: 'error',
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  }).catch((err: Error) => {
    throw new Error(`the rates server could not be reached (${describeFailure(err)})`);
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`the rates server answered ${response.status} for ${file}`);
  }
  const limit = LIMITS[file];
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel();
    throw new AnswerTooLarge(limit);
  }
  return readStreamed(response.body, limit, today);
}

async function readStreamed(body: ReadableStream<Uint8Array> | null, limit: number, today: string): Promise<EcbParseResult> {
  const reader = new EcbXmlReader(today);
  if (!body) return reader.end();
  const decoder = new TextDecoder('utf-8');
  let total = 0;
  const iterator = body[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      total += next.value.byteLength;
      if (total > limit) throw new AnswerTooLarge(limit);
      reader.push(decoder.decode(next.value, { stream: true }));
    }
  } catch (err) {
    // Closing the stream aborts the connection: nothing more of a refused answer is read.
    await iterator.return?.().catch(() => undefined);
    throw err;
  }
  reader.push(decoder.decode());
  return reader.end();
}

function describeFailure(err: Error): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  if (err.name === 'TimeoutError') return 'no answer in time';
  return cause?.code ?? cause?.message ?? err.message;
}
