/**
 * `npm run cli -- import FILE… --user EMAIL [--connection ID] [--account NAME] [--data-dir DIR]`: imports
 * bank statement files through the RUNNING engine of DIR, as a script would: it reads DIR/server.json,
 * mints a short-lived access token for the user straight into the database (revoked at the end), uploads
 * each file with POST /connections/{id}/documents and follows GET /connections/{id}/documents until every
 * file is imported or failed. Progress goes to stderr (one redrawn bar on a terminal, plain lines
 * otherwise); the result table to stdout. Exit code 0 when every file was imported, 1 otherwise, 2 for a
 * usage problem or no running engine.
 */
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { basename, join, resolve } from 'node:path';
import { Transform } from 'node:stream';
import { parseArgs } from 'node:util';
import { hashToken } from '../auth/token-hash';
import type { UserScope } from '../auth/scopes';
import { extensionOf, formatBytes, MAX_STATEMENT_BYTES, STATEMENTS_ID } from '../statement-files';
import { Tokens } from '../identity/tokens';
import { createTokensStore } from '../store/tokens';
import { createUsersStore } from '../store/users';
import { defaultDataDir } from '../paths';
import { nowSeconds, table, UsageError, withDatabase, type CliIo } from './cli-support';

export const IMPORT_USAGE = `usage:
  npm run cli -- import FILE… --user EMAIL [--connection ID] [--account NAME] [--data-dir DIR] [--timeout SECONDS]
Imports bank statement files (OFX/QFX, QIF, CSV, CAMT.052/053/054, MT940) into the user's "Statement files"
connection through the running engine (npm run serve, or the desktop app). Without --connection, the user's
only statement-files connection is used, or one is created (its folder: DIR/statements/<user id>).
--account names the account of QIF and CSV files, which carry no account number.`;

const SCOPES: UserScope[] = ['connections_manage', 'connections_sync', 'accounts_read', 'transactions_read'];
const FINAL = new Set(['IMPORTED', 'FAILED', 'SKIPPED']);

const TYPES: Record<string, string> = {
  ofx: 'application/x-ofx',
  qfx: 'application/vnd.intu.qfx',
  csv: 'text/csv',
  qif: 'application/qif',
  xml: 'application/xml',
};

/** Exit code 2 with a clear message: no engine serves DIR. */
export class NoEngineError extends UsageError {}

interface ServerInfo {
  pid: number;
  host_url: string;
  base_url: string;
}

interface DocumentEntry {
  name: string;
  file_name: string;
  status: string;
  error?: string;
  transactions: number;
}

/** Progress on stderr: a bar redrawn in place on a terminal, plain lines elsewhere (logs, pipes, CI). */
class Progress {
  private lastLine = '';
  constructor(private readonly stream: { write(s: string): unknown; isTTY?: boolean; columns?: number }) {}

  get tty(): boolean {
    return this.stream.isTTY === true;
  }

  bar(done: number, total: number, text: string): void {
    if (!this.tty) return;
    const width = 24;
    const filled = total > 0 ? Math.round((done / total) * width) : 0;
    const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${text}`;
    const columns = this.stream.columns ?? 100;
    const shown = line.length > columns - 1 ? line.slice(0, columns - 1) : line;
    this.stream.write(`\r${shown}${' '.repeat(Math.max(0, this.lastLine.length - shown.length))}`);
    this.lastLine = shown;
  }

  /** A line that stays (printed plainly when not a terminal). */
  line(text: string): void {
    if (this.tty && this.lastLine) this.stream.write(`\r${' '.repeat(this.lastLine.length)}\r`);
    this.lastLine = '';
    this.stream.write(`${text}\n`);
  }

  end(): void {
    if (this.tty && this.lastLine) this.stream.write('\n');
    this.lastLine = '';
  }
}

function readServerInfo(dataDir: string): ServerInfo {
  const file = join(dataDir, 'server.json');
  const hint = `start it with "npm run serve -- --data-dir ${dataDir}" or open the Coffer app, then try again`;
  if (!existsSync(file))
    throw new NoEngineError(`no Coffer engine is running for ${dataDir} (no server.json): ${hint}`);
  let info: ServerInfo;
  try {
    info = JSON.parse(readFileSync(file, 'utf8')) as ServerInfo;
  } catch {
    throw new NoEngineError(`no Coffer engine is running for ${dataDir} (server.json is unreadable): ${hint}`);
  }
  try {
    process.kill(info.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') {
      throw new NoEngineError(
        `no Coffer engine is running for ${dataDir} (server.json is left from a stopped engine): ${hint}`,
      );
    }
  }
  return info;
}

async function api<T>(
  server: ServerInfo,
  token: string,
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${server.base_url}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
  } catch (err) {
    throw new NoEngineError(
      `the Coffer engine at ${server.host_url} does not answer (${(err as Error).message}): is it running?`,
    );
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (res.status === 401 && (body as { error?: string })?.error === 'terms_not_accepted') {
    throw new UsageError('the user has not accepted the current terms: accept them in the Coffer app first');
  }
  return { status: res.status, body: body as T };
}

function fail(what: string, res: { status: number; body: unknown }): never {
  const b = res.body as { error_description?: string } | undefined;
  throw new Error(`${what}: HTTP ${res.status}${b?.error_description ? ` ${b.error_description}` : ''}`);
}

/** POST the file as it is read from disk (never whole in memory), reporting bytes sent. */
function upload(
  server: ServerInfo,
  token: string,
  connectionId: string,
  file: { path: string; size: number; name: string },
  account: string | undefined,
  onBytes: (n: number) => void,
): Promise<{ status: number; body: any }> {
  const ext = extensionOf(file.name);
  const url = new URL(`${server.base_url}/connections/${encodeURIComponent(connectionId)}/documents`);
  url.searchParams.set('filename', file.name);
  if (account) url.searchParams.set('account', account);
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': TYPES[ext] ?? 'application/octet-stream',
          'content-length': String(file.size),
          accept: 'application/json',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolvePromise({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('error', reject);
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        onBytes(chunk.length);
        callback(null, chunk);
      },
    });
    createReadStream(file.path).on('error', reject).pipe(counter).pipe(req);
  });
}

async function allDocuments(server: ServerInfo, token: string, connectionId: string): Promise<DocumentEntry[]> {
  const out: DocumentEntry[] = [];
  for (let page = 1; ; page++) {
    const res = await api<DocumentEntry[]>(
      server,
      token,
      `/connections/${connectionId}/documents?limit=500&page=${page}`,
    );
    if (res.status !== 200) fail('reading the files report', res);
    out.push(...res.body);
    if (res.body.length < 500) return out;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function importCommand(
  argv: string[],
  io: CliIo,
  progressStream: { write(s: string): unknown; isTTY?: boolean; columns?: number } = process.stderr,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string' },
      user: { type: 'string' },
      connection: { type: 'string' },
      account: { type: 'string' },
      timeout: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    io.out(IMPORT_USAGE);
    return 0;
  }
  if (!positionals.length) throw new UsageError(`give at least one file\n${IMPORT_USAGE}`);
  if (!values.user) throw new UsageError(`--user is required\n${IMPORT_USAGE}`);
  const timeoutSeconds = values.timeout === undefined ? 600 : Number(values.timeout);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0)
    throw new UsageError('--timeout must be a positive number of seconds');
  const files = positionals.map((p) => {
    const path = resolve(p);
    let size: number;
    try {
      const info = statSync(path);
      if (!info.isFile()) throw new UsageError(`${p} is not a file`);
      size = info.size;
    } catch (err) {
      if (err instanceof UsageError) throw err;
      throw new UsageError(`${p}: no such file`);
    }
    return { path, size, name: basename(path) };
  });
  const dataDir = resolve(values['data-dir'] ?? defaultDataDir());
  const server = readServerInfo(dataDir);

  const { token, userId } = withDatabase(dataDir, (db) => {
    const user = createUsersStore(db).findByEmail(values.user!.trim());
    if (!user) throw new UsageError(`no user with the e-mail ${values.user}`);
    const value = new Tokens(createTokensStore(db)).issue(
      'access',
      { clientId: null, userId: user.id, scopes: SCOPES },
      nowSeconds(),
    );
    return { token: value, userId: user.id };
  });
  const progress = new Progress(progressStream);
  try {
    const connectionId = await chooseConnection(server, token, values.connection, dataDir, userId, progress);
    const totalBytes = files.reduce((n, f) => n + f.size, 0);
    let sentBytes = 0;
    const uploaded: Array<{ file: string; name: string }> = [];
    const refused: Array<{ file: string; error: string }> = [];
    for (const [i, file] of files.entries()) {
      if (file.size > MAX_STATEMENT_BYTES) {
        refused.push({
          file: file.name,
          error: `file too large (${formatBytes(file.size)}; the limit is ${formatBytes(MAX_STATEMENT_BYTES)})`,
        });
        progress.line(`refused ${file.name}: too large (${formatBytes(file.size)})`);
        continue;
      }
      const res = await upload(server, token, connectionId, file, values.account, (n) => {
        sentBytes += n;
        progress.bar(
          sentBytes,
          totalBytes,
          `uploading ${i + 1}/${files.length} ${file.name} · ${formatBytes(sentBytes)} of ${formatBytes(totalBytes)}`,
        );
      });
      if (res.status !== 202) {
        const error = res.body?.error_description ?? `HTTP ${res.status}`;
        refused.push({ file: file.name, error });
        progress.line(`refused ${file.name}: ${error}`);
        continue;
      }
      uploaded.push({ file: file.name, name: res.body.name });
      if (!progress.tty) progress.line(`uploaded ${file.name} (${formatBytes(file.size)})`);
    }

    const deadline = Date.now() + timeoutSeconds * 1000;
    const reported = new Set<string>();
    let idle = 0;
    let entries = new Map<string, DocumentEntry>();
    while (uploaded.length) {
      entries = new Map((await allDocuments(server, token, connectionId)).map((d) => [d.name, d]));
      const mine = uploaded.map((u) => entries.get(u.name));
      const finished = mine.filter((d) => d && FINAL.has(d.status));
      const transactions = finished.reduce((n, d) => n + (d!.status === 'IMPORTED' ? d!.transactions : 0), 0);
      for (const [k, u] of uploaded.entries()) {
        const d = mine[k];
        if (!d || !FINAL.has(d.status) || reported.has(u.name)) continue;
        reported.add(u.name);
        if (!progress.tty) {
          progress.line(
            d.status === 'IMPORTED'
              ? `imported ${u.file}: ${d.transactions} transactions`
              : `${d.status.toLowerCase()} ${u.file}: ${d.error ?? ''}`,
          );
        }
      }
      progress.bar(
        finished.length,
        uploaded.length,
        `importing · ${finished.length}/${uploaded.length} files · ${transactions.toLocaleString('en-US')} transactions`,
      );
      if (finished.length === uploaded.length) break;
      const connection = await api<{ status: string }>(server, token, `/connections/${connectionId}`);
      // No run going and still waiting: held back by a failed run (the next synchronization retries them).
      idle = connection.body?.status === 'RUNNING' ? 0 : idle + 1;
      if (idle >= 4) break;
      if (Date.now() > deadline) {
        progress.line(
          `still importing after ${timeoutSeconds} s: the engine goes on; see GET /connections/${connectionId}/documents`,
        );
        break;
      }
      await sleep(250);
    }
    progress.end();

    const rows: string[][] = [];
    let ok = true;
    for (const u of uploaded) {
      const d = entries.get(u.name);
      const status = d?.status ?? 'PENDING';
      if (status !== 'IMPORTED') ok = false;
      rows.push([u.file, status, d?.status === 'IMPORTED' ? String(d.transactions) : '', d?.error ?? '']);
    }
    for (const r of refused) {
      ok = false;
      rows.push([r.file, 'REFUSED', '', r.error]);
    }
    io.out(table(['FILE', 'STATUS', 'TRANSACTIONS', 'DETAIL'], rows));
    io.out(`Connection ${connectionId}: ${server.base_url}/connections/${connectionId}/documents`);
    return ok ? 0 : 1;
  } finally {
    progress.end();
    try {
      withDatabase(dataDir, (db) => new Tokens(createTokensStore(db)).revoke(hashToken(token), nowSeconds()));
    } catch {
      // the token expires within the hour anyway
    }
  }
}

async function chooseConnection(
  server: ServerInfo,
  token: string,
  wanted: string | undefined,
  dataDir: string,
  userId: number,
  progress: Progress,
): Promise<string> {
  if (wanted) {
    const res = await api<{ id: string; provider_id: string }>(
      server,
      token,
      `/connections/${encodeURIComponent(wanted)}`,
    );
    if (res.status === 404) throw new UsageError(`the user has no connection ${wanted}`);
    if (res.status !== 200) fail(`reading connection ${wanted}`, res);
    return res.body.id;
  }
  const res = await api<Array<{ id: string; name: string }>>(
    server,
    token,
    `/connections?provider_id=${STATEMENTS_ID}&limit=500`,
  );
  if (res.status !== 200) fail('listing connections', res);
  if (res.body.length === 1) return res.body[0].id;
  if (res.body.length > 1) {
    throw new UsageError(
      `the user has several statement-files connections (${res.body.map((c) => c.id).join(', ')}): choose one with --connection`,
    );
  }
  const folder = join(dataDir, 'statements', String(userId));
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const created = await api<{ id: string }>(server, token, '/connections', {
    method: 'POST',
    json: { provider_id: STATEMENTS_ID, credentials: [{ id: 'folder', value: folder }] },
  });
  if (created.status !== 201) fail('creating a statement-files connection', created);
  progress.line(`created connection ${created.body.id} "Statement files" (folder ${folder})`);
  return created.body.id;
}
