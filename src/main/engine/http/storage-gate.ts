import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DISK_FULL_SENTENCE,
  damagedDatabaseSentence,
  missingDatabaseSentence,
  type StorageProblem,
} from '../domain/storage-errors';
import { ApiError } from './errors';

/** What keeps the data from being served or saved; `/health` names it (`status`). */
export type StorageAnswerProblem = StorageProblem | 'database_missing';

/**
 * The answer when the data cannot be opened or saved. Its code is `secret_store_unavailable` (503), the one
 * the API's fixed list of error codes has for "the data is not opened and nothing is stored elsewhere" (the
 * same answer as a keychain that cannot give the database key); the description says what happened and
 * what to do, and `/health` names the problem for the app.
 */
export class StorageAnswer extends ApiError {
  constructor(
    readonly problem: StorageAnswerProblem,
    description: string,
  ) {
    super(503, 'secret_store_unavailable', description);
  }
}

/** When the database file is damaged: every data path answers this until the file is replaced. */
export const databaseDamaged = (file: string, unreadableWithKey = false) =>
  new StorageAnswer('database_damaged', damagedDatabaseSentence(file, unreadableWithKey));

/** When the data folder shows an earlier installation whose database is gone (nothing is opened). */
export const databaseMissing = (file: string, evidence: readonly string[]) =>
  new StorageAnswer('database_missing', missingDatabaseSentence(file, evidence));

/** For one write that found no room: the data is as it was, reads go on, the write can be tried again. */
export const diskFull = () => new StorageAnswer('disk_full', DISK_FULL_SENTENCE);

/**
 * Whether this engine still serves its data. A damaged database found at start, or met while serving
 * (SQLite answers SQLITE_CORRUPT), stops every data path for good: answering some reads, failing others
 * and taking writes on top of damaged pages would spread the damage and show a person wrong numbers.
 * A full disk does not: each write that found no room is refused on its own, and reads go on.
 */
export class StorageGate {
  private refusal: StorageAnswer | null = null;

  constructor(private readonly databaseFile: string) {}

  /** The answer every data path gives now, or null while the data is served. */
  get refused(): StorageAnswer | null {
    return this.refusal;
  }

  refuse(answer: StorageAnswer): void {
    this.refusal ??= answer;
  }

  /** The answer for a storage problem met while serving a request (a damaged file also closes the gate). */
  answerFor(problem: StorageProblem): StorageAnswer {
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
    if (path === '/health') return reply.status(200).send({ status: refusal.problem, error_description: refusal.message });
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
