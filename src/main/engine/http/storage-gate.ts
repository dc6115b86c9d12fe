import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DISK_FULL_SENTENCE,
  damagedDatabaseSentence,
  missingDatabaseSentence,
  type StorageProblem,
} from '../domain/storage-errors';
import { ApiError } from './errors';

/** 503 when the database file is damaged: every data path answers this until the file is replaced. */
export const databaseDamaged = (file: string) => new ApiError(503, 'database_damaged', damagedDatabaseSentence(file));

/** 503 when the data folder shows an earlier installation whose database is gone (nothing is opened). */
export const databaseMissing = (file: string, evidence: readonly string[]) =>
  new ApiError(503, 'database_missing', missingDatabaseSentence(file, evidence));

/** 503 for one write that found no room: the data is as it was, reads go on, the write can be tried again. */
export const diskFull = () => new ApiError(503, 'disk_full', DISK_FULL_SENTENCE);

/**
 * Whether this engine still serves its data. A damaged database found at start, or met while serving
 * (SQLite answers SQLITE_CORRUPT), stops every data path for good: answering some reads, failing others
 * and taking writes on top of damaged pages would spread the damage and show a person wrong numbers.
 * A full disk does not: each write that found no room is refused on its own, and reads go on.
 */
export class StorageGate {
  private refusal: ApiError | null = null;

  constructor(private readonly databaseFile: string) {}

  /** The answer every data path gives now, or null while the data is served. */
  get refused(): ApiError | null {
    return this.refusal;
  }

  refuse(answer: ApiError): void {
    this.refusal ??= answer;
  }

  /** The answer for a storage problem met while serving a request (a damaged file also closes the gate). */
  answerFor(problem: StorageProblem): ApiError {
    if (problem === 'disk_full') return diskFull();
    this.refuse(databaseDamaged(this.databaseFile));
    return this.refusal!;
  }
}

/**
 * While the gate is closed, `/health` answers 200 naming the problem (`status` is the error code) and the
 * app's pages still load, so that the app can show the sentence; every other path answers the 503 body.
 */
export function installStorageGate(app: FastifyInstance, gate: StorageGate): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const refusal = gate.refused;
    if (!refusal) return;
    const path = request.url.split('?')[0];
    if (path === '/health') return reply.status(200).send({ status: refusal.code, error_description: refusal.message });
    if (isAppPage(request, path)) return;
    return reply.status(refusal.statusCode).send(refusal.body());
  });
}

const API_PREFIXES = ['/v2/', '/v2.1/', '/auth/', '/sign-keys', '/.well-known/'];

function isAppPage(request: FastifyRequest, path: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (path.startsWith('/assets/')) return true;
  if (API_PREFIXES.some((p) => path.startsWith(p))) return false;
  return path === '/' || (request.headers.accept ?? '').includes('text/html');
}
