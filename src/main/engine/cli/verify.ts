/**
 * `npm run cli -- verify --token T | --file F [--trusted-host 127.0.0.1:PORT]…`: checks a signed answer
 * (sign_response=true) as docs/api/signed-responses.md says — take key_url from the protected header,
 * check that its host is trusted (default: the host of the local server.json), fetch the key whose id is
 * kid, reject it when `deprecated` is set, otherwise verify the ES256 signature with its public_key.
 *
 * Exit codes: 0 verified (the payload is printed), 1 rejected (untrusted host, unknown or deprecated key,
 * bad signature), 2 usage or malformed token, 3 the key could not be fetched.
 */
import { compactVerify, decodeProtectedHeader, importSPKI } from 'jose';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultDataDir } from '../paths';
import type { CliIo } from './cli-support';

export const VERIFY_USAGE = `verify a signed answer (sign_response=true):
  npm run cli -- verify --token <JWS> | --file <file with {"token": …} or the JWS; - for stdin>
                        [--trusted-host 127.0.0.1:PORT]… [--data-dir DIR] [--json]
  The key_url host must be trusted: --trusted-host (repeatable), else the host of DIR/server.json.
  Exit codes: 0 verified, 1 rejected, 2 usage or malformed token, 3 the key could not be fetched.`;

export const EXIT = { verified: 0, rejected: 1, usage: 2, unreachable: 3 } as const;

export interface VerifiedAnswer {
  kid: string;
  keyUrl: string;
  payload: { request_url?: unknown; response_timestamp?: unknown; response_payload?: unknown };
}

export class VerifyError extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** The token inside a file's text: `{"token": "…"}` as the API answers, or the bare JWS. */
export function tokenFromText(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const body = JSON.parse(trimmed) as { token?: unknown };
      if (typeof body.token === 'string') return body.token;
    } catch {
      // fall through
    }
    throw new VerifyError(EXIT.usage, 'the file holds JSON without a "token" string');
  }
  return trimmed;
}

/** Every step of docs/api/signed-responses.md#verification. `fetchImpl` is the network (tests pass fetch itself). */
export async function verifySignedAnswer(
  token: string,
  trustedHosts: readonly string[],
  fetchImpl: typeof fetch = fetch,
): Promise<VerifiedAnswer> {
  if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token))
    throw new VerifyError(EXIT.usage, 'not a compact JWS (header.payload.signature)');
  let header: Record<string, unknown>;
  try {
    header = decodeProtectedHeader(token) as Record<string, unknown>;
  } catch {
    throw new VerifyError(EXIT.usage, 'the protected header is not readable');
  }
  const { kid, key_url: keyUrl, alg } = header;
  if (alg !== 'ES256') throw new VerifyError(EXIT.rejected, `unexpected alg ${JSON.stringify(alg)} (ES256 expected)`);
  if (typeof kid !== 'string' || typeof keyUrl !== 'string')
    throw new VerifyError(EXIT.rejected, 'the header lacks kid or key_url');
  let url: URL;
  try {
    url = new URL(keyUrl);
  } catch {
    throw new VerifyError(EXIT.rejected, `key_url ${JSON.stringify(keyUrl)} is not a URL`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !trustedHosts.includes(url.host)) {
    throw new VerifyError(
      EXIT.rejected,
      `key_url host ${url.host} is not trusted (trusted: ${trustedHosts.join(', ') || 'none'})`,
    );
  }
  let res: Response;
  try {
    res = await fetchImpl(url, { headers: { accept: 'application/json' }, redirect: 'error' });
  } catch (err) {
    throw new VerifyError(EXIT.unreachable, `could not fetch ${url}: ${(err as Error).message}`);
  }
  if (res.status === 404) throw new VerifyError(EXIT.rejected, `the server does not know the signing key ${kid}`);
  if (res.status !== 200) throw new VerifyError(EXIT.unreachable, `fetching ${url} answered HTTP ${res.status}`);
  const key = (await res.json().catch(() => null)) as {
    id?: unknown;
    public_key?: unknown;
    deprecated?: unknown;
  } | null;
  if (!key || key.id !== kid || typeof key.public_key !== 'string')
    throw new VerifyError(EXIT.rejected, `${url} did not answer the key ${kid}`);
  if (key.deprecated !== null && key.deprecated !== undefined) {
    throw new VerifyError(
      EXIT.rejected,
      `the signing key ${kid} is deprecated since ${String(key.deprecated)}: do not trust this answer`,
    );
  }
  let payload: Uint8Array;
  try {
    ({ payload } = await compactVerify(token, await importSPKI(key.public_key, 'ES256'), { algorithms: ['ES256'] }));
  } catch {
    throw new VerifyError(
      EXIT.rejected,
      'the signature does not match: the answer was altered or not signed by this key',
    );
  }
  let parsed: VerifiedAnswer['payload'];
  try {
    parsed = JSON.parse(new TextDecoder().decode(payload)) as VerifiedAnswer['payload'];
  } catch {
    throw new VerifyError(EXIT.rejected, 'the signed payload is not JSON');
  }
  return { kid, keyUrl, payload: parsed };
}

function defaultTrustedHost(dataDir: string): string | undefined {
  const file = join(dataDir, 'server.json');
  if (!existsSync(file)) return undefined;
  try {
    return new URL((JSON.parse(readFileSync(file, 'utf8')) as { host_url: string }).host_url).host;
  } catch {
    return undefined;
  }
}

export async function verifyCommand(
  argv: string[],
  io: CliIo,
  readStdin: () => string = () => readFileSync(0, 'utf8'),
): Promise<number> {
  let values: {
    token?: string;
    file?: string;
    'trusted-host'?: string[];
    'data-dir'?: string;
    json?: boolean;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        token: { type: 'string' },
        file: { type: 'string' },
        'trusted-host': { type: 'string', multiple: true },
        'data-dir': { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (err) {
    io.err(`coffer verify: ${(err as Error).message}\n\n${VERIFY_USAGE}`);
    return EXIT.usage;
  }
  if (values.help) {
    io.out(VERIFY_USAGE);
    return 0;
  }
  if ((values.token === undefined) === (values.file === undefined)) {
    io.err(`coffer verify: give --token or --file (one of them)\n\n${VERIFY_USAGE}`);
    return EXIT.usage;
  }
  try {
    let token: string;
    if (values.token !== undefined) token = values.token.trim();
    else {
      const file = values.file!;
      if (file !== '-' && !existsSync(file)) throw new VerifyError(EXIT.usage, `no file ${file}`);
      token = tokenFromText(file === '-' ? readStdin() : readFileSync(file, 'utf8'));
    }
    const dataDir = values['data-dir'] ?? defaultDataDir();
    const trusted = values['trusted-host']?.length
      ? values['trusted-host']
      : [defaultTrustedHost(dataDir)].filter((h): h is string => !!h);
    if (trusted.length === 0) {
      throw new VerifyError(
        EXIT.usage,
        `no trusted host: pass --trusted-host 127.0.0.1:PORT, or run Coffer so that ${join(dataDir, 'server.json')} exists`,
      );
    }
    const verified = await verifySignedAnswer(token, trusted);
    const { request_url: requestUrl, response_timestamp: at, response_payload: body } = verified.payload;
    if (values.json) io.out(JSON.stringify(verified.payload, null, 2));
    else {
      const when = typeof at === 'number' ? new Date(at * 1000).toISOString() : String(at);
      io.err(`verified: signed by key ${verified.kid} (${verified.keyUrl}) at ${when} for ${String(requestUrl)}`);
      io.out(JSON.stringify(body, null, 2));
    }
    return EXIT.verified;
  } catch (err) {
    if (!(err instanceof VerifyError)) throw err;
    io.err(
      `coffer verify: REJECTED: ${err.message}`.replace(
        'REJECTED: ',
        err.exitCode === EXIT.rejected ? 'REJECTED: ' : '',
      ),
    );
    return err.exitCode;
  }
}
