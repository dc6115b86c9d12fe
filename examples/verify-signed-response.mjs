#!/usr/bin/env node
// Verifies a signed answer of the Coffer API (interface.md "Signed responses", contract C10).
//
//   curl -s "$BASE_URL/accounts?sign_response=true" -H "Authorization: Bearer $TOKEN" > answer.json
//   node examples/verify-signed-response.mjs answer.json [--trusted-host 127.0.0.1:4820]…
//   (or: … | node examples/verify-signed-response.mjs -)
//
// The file holds the answer {"token": "<JWS>"} (or the bare JWS). The steps are those of interface.md:
//   1. read key_url from the token's protected header and check that its host is trusted — by default the
//      host of the local engine (DIR/server.json; DIR: $COFFER_DATA_DIR, else the OS app-data folder);
//   2. fetch the key at key_url and check that its id equals the header's kid;
//   3. reject the answer when the key's `deprecated` is set (the key was rotated: never trust it again);
//   4. verify the ES256 signature (JOSE: raw r||s over "<header>.<payload>") with the key's PEM public_key.
// On success it prints the payload {request_url, response_timestamp, response_payload} on stdout.
// Exit codes: 0 verified, 1 rejected, 2 usage or malformed token, 3 key not fetched. Plain Node >= 20.
import { createPublicKey, verify } from 'node:crypto';
import { readFileSync, existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'trusted-host': { type: 'string', multiple: true } },
});

const stop = (code, message) => {
  console.error(`verify-signed-response: ${code === 1 ? 'REJECTED: ' : ''}${message}`);
  process.exit(code);
};

if (positionals.length !== 1)
  stop(
    2,
    'usage: node examples/verify-signed-response.mjs <file with the answer, or - for stdin> [--trusted-host HOST:PORT]…',
  );
const text = readFileSync(positionals[0] === '-' ? 0 : positionals[0], 'utf8').trim();
let token = text;
if (text.startsWith('{')) {
  try {
    token = JSON.parse(text).token;
  } catch {
    token = undefined;
  }
}
if (typeof token !== 'string' || !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token))
  stop(2, 'no compact JWS found (expected {"token": "header.payload.signature"})');

let trusted = opts['trusted-host'] ?? [];
if (trusted.length === 0) {
  const dataDir =
    process.env.COFFER_DATA_DIR ||
    (process.platform === 'darwin'
      ? join(homedir(), 'Library', 'Application Support', 'coffer')
      : process.platform === 'win32'
        ? join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'coffer')
        : join(process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'coffer'));
  const serverFile = join(dataDir, 'server.json');
  if (!existsSync(serverFile))
    stop(2, `no trusted host: pass --trusted-host, or run Coffer so that ${serverFile} exists`);
  trusted = [new URL(JSON.parse(readFileSync(serverFile, 'utf8')).host_url).host];
}

const [headerPart, payloadPart, signaturePart] = token.split('.');
const header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8'));
if (header.alg !== 'ES256') stop(1, `unexpected alg ${header.alg} (ES256 expected)`);
if (typeof header.kid !== 'string' || typeof header.key_url !== 'string') stop(1, 'the header lacks kid or key_url');

// 1. The key must come from a trusted host.
const keyUrl = new URL(header.key_url);
if (!['http:', 'https:'].includes(keyUrl.protocol) || !trusted.includes(keyUrl.host)) {
  stop(1, `key_url host ${keyUrl.host} is not trusted (trusted: ${trusted.join(', ')})`);
}

// 2. The key whose id is kid.
let res;
try {
  res = await fetch(keyUrl, { headers: { accept: 'application/json' }, redirect: 'error' });
} catch (err) {
  stop(3, `could not fetch ${keyUrl}: ${err.message}`);
}
if (res.status === 404) stop(1, `the server does not know the key ${header.kid}`);
if (res.status !== 200) stop(3, `fetching ${keyUrl} answered HTTP ${res.status}`);
const key = await res.json();
if (key.id !== header.kid || typeof key.public_key !== 'string')
  stop(1, `${keyUrl} did not answer the key ${header.kid}`);

// 3. A deprecated key is never trusted.
if (key.deprecated !== null && key.deprecated !== undefined)
  stop(1, `key ${key.id} is deprecated since ${key.deprecated}`);

// 4. The signature: ES256 over the ASCII of "<header>.<payload>", 64 bytes r||s (IEEE P1363).
const ok = verify(
  'sha256',
  Buffer.from(`${headerPart}.${payloadPart}`, 'ascii'),
  { key: createPublicKey(key.public_key), dsaEncoding: 'ieee-p1363' },
  Buffer.from(signaturePart, 'base64url'),
);
if (!ok) stop(1, 'the signature does not match: the answer was altered or not signed by this key');

const payload = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
console.error(
  `verified: key ${key.id}, signed ${new Date(payload.response_timestamp * 1000).toISOString()} for ${payload.request_url}`,
);
console.log(JSON.stringify(payload, null, 2));
