#!/usr/bin/env node
// Keeps a user's new transactions flowing in from webhook events (interface.md "Webhook" 4 and 5).
//
//   COFFER_TOKEN=<user token with transactions_read> COFFER_WEBHOOK_SECRET=<secret> \
//     node examples/webhook-new-transactions.mjs [--port 8788] [--path /coffer-webhook] [--state-file FILE]
//
// A loopback webhook receiver. For each delivery (checked with its X-Coffer-Signature when a secret is
// given; see webhook-receiver-verify.mjs) whose connection_updated.new_transactions is true:
//   1. the accounts: resource.accounts, or — when it is empty but resource.account_count > 0 (more accounts
//      than the server's threshold, which may change: never hard-code it) — GET /accounts?connection_id=…
//      page by page;
//   2. for each account whose last_channel_definition_id equals the event's channel_definition_id,
//      GET /transactions?account_id=…&start_import_date=<last import date held for it> (every page), and
//      remember the greatest import_date seen as that account's new "last import date".
// A card payment first comes PENDING and keeps its import date when it books, so a start_import_date read
// never returns it again: the script asks for BOOKED and PENDING transactions, remembers the PENDING ones,
// and re-reads them (GET /transactions/{id}) at each later event of their connection until they change.
// Each transaction obtained (new or changed) is printed as one JSON line on stdout ({account_id,
// transaction}); the state is kept in --state-file (JSON {"last_import_date": {"<account id>": <date>},
// "pending": {"<account id>": ["<transaction id>", …]}}) so a restart goes on where it stopped.
// Webhooks have no retry: also poll a queue (poll-queue.mjs) or resynchronize from time to time.
// The token must be the token of the user the events are about; events of other users are skipped.
// The engine's address comes from DIR/server.json (DIR: $COFFER_DATA_DIR, else the OS app-data folder), or
// --base-url. Prints "listening <url>" on stderr when ready (--port 0 picks a free port). Plain Node >= 20.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync, writeFileSync, existsSync, renameSync } from 'node:fs';
import { createServer } from 'node:http';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values: opts } = parseArgs({
  options: {
    port: { type: 'string', default: '8788' },
    path: { type: 'string', default: '/coffer-webhook' },
    'state-file': { type: 'string', default: 'coffer-import-dates.json' },
    'base-url': { type: 'string' },
    token: { type: 'string' },
    secret: { type: 'string' },
  },
});

const dataDir =
  process.env.COFFER_DATA_DIR ||
  (process.platform === 'darwin'
    ? join(homedir(), 'Library', 'Application Support', 'coffer')
    : process.platform === 'win32'
      ? join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'coffer')
      : join(process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'coffer'));
const baseUrl = opts['base-url'] ?? JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8')).base_url;
const token = opts.token ?? process.env.COFFER_TOKEN;
const secret = opts.secret ?? process.env.COFFER_WEBHOOK_SECRET;
if (!token) {
  console.error('webhook-new-transactions: give a user access token (--token or COFFER_TOKEN)');
  process.exit(2);
}

const stateFile = opts['state-file'];
const state = existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : {};
/** account id → import date of the last transaction obtained */
const lastImport = (state.last_import_date ??= {});
/** account id → ids of transactions obtained while PENDING */
const pending = (state.pending ??= {});
function saveState() {
  writeFileSync(`${stateFile}.tmp`, JSON.stringify(state, null, 2));
  renameSync(`${stateFile}.tmp`, stateFile);
}

async function get(path, { allow404 = false } = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  if (res.status === 404 && allow404) return null;
  if (res.status !== 200) throw new Error(`GET ${path}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

/** Every page of a list (page from 1, at most 500 per page). */
async function all(path) {
  const out = [];
  for (let page = 1; ; page++) {
    const items = await get(`${path}${path.includes('?') ? '&' : '?'}limit=500&page=${page}`);
    out.push(...items);
    if (items.length < 500) return out;
  }
}

function signatureProblem(header, raw) {
  if (!secret) return null;
  const parts = Object.fromEntries(
    String(header ?? '')
      .split(',')
      .map((p) => p.split('=', 2).map((s) => s.trim())),
  );
  if (!/^\d+$/.test(parts.t ?? '') || Math.abs(Date.now() / 1000 - Number(parts.t)) > 300)
    return 'bad or old timestamp';
  const expected = Buffer.from(createHmac('sha256', secret).update(`${parts.t}.`).update(raw).digest('hex'));
  const given = Buffer.from(parts.v1 ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : 'signature mismatch';
}

function obtained(accountId, transaction) {
  console.log(JSON.stringify({ account_id: accountId, transaction }));
  const held = new Set(pending[accountId] ?? []);
  if (transaction.status === 'PENDING') held.add(transaction.id);
  else held.delete(transaction.id);
  pending[accountId] = [...held];
}

async function handle(event) {
  const connection = event.resource;
  // Another user's connection answers 404 to this token: not ours to follow.
  if (!(await get(`/connections/${encodeURIComponent(connection.id)}`, { allow404: true }))) return;
  // Webhook 4: above the threshold the accounts array is empty and account_count says how many there are.
  const accounts =
    connection.accounts.length === 0 && connection.account_count > 0
      ? await all(`/accounts?connection_id=${encodeURIComponent(connection.id)}`)
      : connection.accounts;
  for (const account of accounts) {
    if (account.last_channel_definition_id !== event.channel_definition_id) continue;
    // Pending transactions held from earlier events: did they book (or go away)?
    for (const id of pending[account.id] ?? []) {
      const now = await get(`/transactions/${encodeURIComponent(id)}`, { allow404: true });
      if (!now) pending[account.id] = pending[account.id].filter((p) => p !== id);
      else if (now.status !== 'PENDING') obtained(account.id, now);
    }
    if (!event.connection_updated?.new_transactions) continue;
    const since = lastImport[account.id];
    const query =
      `/transactions?account_id=${encodeURIComponent(account.id)}&included_statuses=BOOKED,PENDING` +
      (since ? `&start_import_date=${since}` : '');
    const transactions = await all(query);
    for (const transaction of transactions) {
      obtained(account.id, transaction);
      if (!lastImport[account.id] || transaction.import_date > lastImport[account.id])
        lastImport[account.id] = transaction.import_date;
    }
    console.error(
      `webhook-new-transactions: account ${account.id}: ${transactions.length} new, last import date ${lastImport[account.id] ?? '-'}`,
    );
  }
  saveState();
}

// One event at a time, in arrival order, so that import dates only move forward.
let chain = Promise.resolve();
const server = createServer((req, res) => {
  if (req.method !== 'POST' || new URL(req.url, 'http://x').pathname !== opts.path) {
    res.writeHead(404).end();
    return;
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks);
    const problem = signatureProblem(req.headers['x-coffer-signature'], raw);
    if (problem) {
      console.error(`webhook-new-transactions: refused a delivery: ${problem}`);
      res.writeHead(401).end();
      return;
    }
    res.writeHead(204).end(); // answer at once (Coffer gives up after 5 s); the work happens after
    const event = JSON.parse(raw.toString('utf8'));
    chain = chain.then(() => handle(event)).catch((err) => console.error(`webhook-new-transactions: ${err.message}`));
  });
});
server.listen(Number(opts.port), '127.0.0.1', () => {
  console.error(`listening http://127.0.0.1:${server.address().port}${opts.path}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
