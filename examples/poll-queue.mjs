#!/usr/bin/env node
// Follows a user's synchronizations through an event queue (interface.md "Queue events", contract C9).
//
//   COFFER_TOKEN=<user token with connections_sync or connections_manage> \
//     node examples/poll-queue.mjs [--queue ID] [--until EVENT_TYPE] [--interval-ms 1000] [--max-seconds 0]
//
// Without --queue it subscribes a new queue (POST /queues/subscribe) and says its id on stderr; events of
// later synchronizations then accumulate in it. It reads GET /queues/{id}?flush_from=<last id read + 1>:
// each read acknowledges (deletes) what the previous one returned, so an event is printed once even if the
// script is stopped and restarted with --queue. Each event is printed as one JSON line on stdout.
// With --until it stops (exit 0) after an event of that type (e.g. SUCCESS, LIST_ACCOUNTS_SUCCESS);
// with --max-seconds it gives up after that long (exit 3). 204 means "nothing new": it waits and reads again.
// The engine's address comes from DIR/server.json (DIR: $COFFER_DATA_DIR, else the OS app-data folder), or
// --base-url. Plain Node >= 20, no packages.
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values: opts } = parseArgs({
  options: {
    queue: { type: 'string' },
    until: { type: 'string' },
    'interval-ms': { type: 'string', default: '1000' },
    'max-seconds': { type: 'string', default: '0' },
    'base-url': { type: 'string' },
    token: { type: 'string' },
  },
});

const dataDir =
  process.env.COFFER_DATA_DIR ||
  (process.platform === 'darwin'
    ? join(homedir(), 'Library', 'Application Support', 'coffer')
    : process.platform === 'win32'
      ? join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'coffer')
      : join(process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'coffer'));
const baseUrl = opts['base-url'] ?? JSON.parse(await readFile(join(dataDir, 'server.json'), 'utf8')).base_url;
const token = opts.token ?? process.env.COFFER_TOKEN;
if (!token) {
  console.error('poll-queue: give a user access token (--token or COFFER_TOKEN)');
  process.exit(2);
}
const interval = Number(opts['interval-ms']);
const deadline = Number(opts['max-seconds']) > 0 ? Date.now() + Number(opts['max-seconds']) * 1000 : Infinity;

async function call(path, method = 'GET') {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  const text = await res.text();
  if (res.status >= 400) {
    console.error(`poll-queue: ${method} ${path}: HTTP ${res.status} ${text}`);
    process.exit(1);
  }
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

let queueId = opts.queue;
if (!queueId) {
  queueId = (await call('/queues/subscribe', 'POST')).body.id;
  console.error(`poll-queue: subscribed queue ${queueId}`);
}

let flushFrom; // the id after the last event printed: the next read deletes everything before it
for (;;) {
  const query = flushFrom === undefined ? '' : `?flush_from=${flushFrom}`;
  const { status, body } = await call(`/queues/${encodeURIComponent(queueId)}${query}`);
  if (status === 200) {
    for (const event of body.events) {
      console.log(JSON.stringify(event));
      // Ids are decimal strings of one increasing sequence: BigInt keeps them exact whatever their size.
      flushFrom = (BigInt(event.id) + 1n).toString();
      if (opts.until && event.event_type === opts.until) {
        await call(`/queues/${encodeURIComponent(queueId)}?flush_from=${flushFrom}`); // acknowledge before leaving
        process.exit(0);
      }
    }
    continue; // there may be more (a read returns at most 500)
  }
  if (Date.now() > deadline) {
    console.error(`poll-queue: no ${opts.until ?? 'further'} event before the time limit`);
    process.exit(3);
  }
  await new Promise((resolve) => setTimeout(resolve, interval));
}
