#!/usr/bin/env node
// Lists the accounts of one Coffer user, from a script, through the local API.
//
//   node examples/list-accounts.mjs [EMAIL PASSWORD]
//
// It reads the running engine's address (DIR/server.json) and the integrator client (DIR/integrator.json),
// creates the user when the e-mail is new (or signs in when it exists), accepts the terms for them and
// prints their accounts. DIR is $COFFER_DATA_DIR, else the OS app-data folder. Plain Node ≥ 20, no packages.
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

const dataDir =
  process.env.COFFER_DATA_DIR ||
  (process.platform === 'darwin'
    ? join(homedir(), 'Library', 'Application Support', 'coffer')
    : process.platform === 'win32'
      ? join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'coffer')
      : join(process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'coffer'));
const email = process.argv[2] ?? process.env.COFFER_EMAIL ?? 'script@example.com';
const password = process.argv[3] ?? process.env.COFFER_PASSWORD ?? 'change-this-password';

const readJson = async (name) => JSON.parse(await readFile(join(dataDir, name), 'utf8'));
const server = await readJson('server.json'); // {host_url, base_url, auth_url, …}: written when the engine is ready
const client = await readJson('integrator.json'); // {client_id, client_secret}

async function call(url, { method = 'GET', token, json, form } = {}) {
  const headers = { accept: 'application/json' };
  let body;
  if (token) headers.authorization = `Bearer ${token}`;
  if (json !== undefined) [headers['content-type'], body] = ['application/json', JSON.stringify(json)];
  if (form !== undefined)
    [headers['content-type'], body] = ['application/x-www-form-urlencoded', new URLSearchParams(form).toString()];
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

function fail(what, res) {
  console.error(`${what} failed: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  process.exit(1);
}

// 1. A client token of the integrator, to create users.
const clientToken = await call(`${server.auth_url}/token`, {
  method: 'POST',
  form: {
    grant_type: 'client_credentials',
    client_id: client.client_id,
    client_secret: client.client_secret,
    scope: 'users_create',
  },
});
if (clientToken.status !== 200) fail('client_credentials', clientToken);

// 2. The user: created now, or already there (409).
const created = await call(`${server.base_url}/users`, {
  method: 'POST',
  token: clientToken.body.access_token,
  json: { email, password },
});
if (created.status !== 201 && created.status !== 409) fail('POST /users', created);
console.error(created.status === 201 ? `created the user ${email}` : `the user ${email} already exists`);

// 3. A user token (password grant; a desktop or web app would use the authorization code flow with PKCE).
const userToken = await call(`${server.auth_url}/token`, {
  method: 'POST',
  form: {
    grant_type: 'password',
    client_id: client.client_id,
    client_secret: client.client_secret,
    username: email,
    password,
    scope: 'accounts_read profile',
  },
});
if (userToken.status !== 200) fail('password grant', userToken);
const token = userToken.body.access_token;

// 4. Every other call answers 401 terms_not_accepted until the user has accepted the terms.
const terms = await call(`${server.base_url}/users/me/terms`, { method: 'POST', token });
if (terms.status !== 204) fail('POST /users/me/terms', terms);

// 5. The accounts.
const accounts = await call(`${server.base_url}/accounts?limit=500`, { token });
if (accounts.status !== 200) fail('GET /accounts', accounts);
console.error(`${accounts.headers.get('x-total-count') ?? accounts.body.length} account(s)`);
for (const a of accounts.body)
  console.error(`  ${a.name.padEnd(30)} ${String(a.balance).padStart(12)} ${a.currency}  ${a.type}  ${a.status}`);
console.log(JSON.stringify(accounts.body, null, 2));
