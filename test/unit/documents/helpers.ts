import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  parseStatement,
  StatementError,
  type ParseOptions,
  type ParsedStatement,
} from '../../../src/main/engine/connectors/statements/formats/index';

export const SAMPLES = join(dirname(fileURLToPath(import.meta.url)), '../../../resources/samples/statements');

/** UTC seconds at 00:00 of an ISO day. */
export function day(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`) / 1000;
}

export function sampleBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(SAMPLES, name)));
}

export function parseSample(name: string, options: ParseOptions = {}): ParsedStatement {
  const fileName = name.split('/').pop();
  return parseStatement(sampleBytes(name), { fileName, ...options });
}

/** The StatementError thrown by `fn` (fails the test when something else happens). */
export function statementError(fn: () => unknown): StatementError {
  try {
    fn();
  } catch (error) {
    if (error instanceof StatementError) return error;
    throw new Error(`expected a StatementError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected a StatementError, nothing was thrown');
}

export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}
