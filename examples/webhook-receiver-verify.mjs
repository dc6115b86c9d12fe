#!/usr/bin/env node
// A webhook receiver that trusts only deliveries signed by Coffer (contract C9).
//
//   COFFER_WEBHOOK_SECRET=<the secret PUT /admin/webhook answered> \
//     node examples/webhook-receiver-verify.mjs [--port 8787] [--path /coffer-webhook] [--tolerance-seconds 300]
//
// Every delivery carries `X-Coffer-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
// keyed with the webhook secret. This receiver recomputes the MAC over the raw body it received (before
// any JSON parsing), compares it in constant time (crypto.timingSafeEqual), and refuses a timestamp more
// than --tolerance-seconds away from its clock (a replayed old delivery). Good deliveries get 204 and are
// printed as one JSON line on stdout; bad ones get 401 and a line on stderr. Answer fast: Coffer waits at
// most 5 s and never retries. Prints "listening <url>" on stderr when ready (--port 0 picks a free port).
// Register it (admin client token, scope admin):
//   curl -X PUT $BASE_URL/admin/webhook -H "Authorization: Bearer $ADMIN" -H 'Content-Type: application/json' \
//        -d '{"url": "http://127.0.0.1:8787/coffer-webhook"}'
// Plain Node >= 20, no packages.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const { values: opts } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    path: { type: 'string', default: '/coffer-webhook' },
    'tolerance-seconds': { type: 'string', default: '300' },
    secret: { type: 'string' },
  },
});
const secret = opts.secret ?? process.env.COFFER_WEBHOOK_SECRET;
if (!secret) {
  console.error('webhook-receiver-verify: give the webhook secret (--secret or COFFER_WEBHOOK_SECRET)');
  process.exit(2);
}
const tolerance = Number(opts['tolerance-seconds']);

/** Returns null when the signature holds, else why not. */
function checkSignature(header, rawBody, now = Math.floor(Date.now() / 1000)) {
  if (typeof header !== 'string') return 'no X-Coffer-Signature header';
  let timestamp;
  const candidates = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((s) => s?.trim());
    if (key === 't') timestamp = value;
    if (key === 'v1' && value) candidates.push(value);
  }
  if (!timestamp || !/^\d+$/.test(timestamp)) return 'no timestamp';
  if (Math.abs(now - Number(timestamp)) > tolerance) return 'timestamp outside the tolerance (replayed or clock skew)';
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex'));
  const ok = candidates.some((v) => {
    const given = Buffer.from(v);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return ok ? null : 'signature mismatch';
}

const server = createServer((req, res) => {
  if (req.method !== 'POST' || new URL(req.url, 'http://x').pathname !== opts.path) {
    res.writeHead(404).end();
    return;
  }
  const chunks = [];
  let size = 0;
  req.on('data', (chunk) => {
    size += chunk.length;
    if (size > 10 * 1024 * 1024)
      req.destroy(); // far above any real event
    else chunks.push(chunk);
  });
  req.on('end', () => {
    const raw = Buffer.concat(chunks);
    const problem = checkSignature(req.headers['x-coffer-signature'], raw);
    if (problem) {
      console.error(`webhook-receiver-verify: refused a delivery: ${problem}`);
      res.writeHead(401).end();
      return;
    }
    res.writeHead(204).end(); // acknowledge first, then work
    const event = JSON.parse(raw.toString('utf8'));
    console.log(
      JSON.stringify({
        id: event.id,
        event_type: event.event_type,
        connection_id: event.resource?.id,
        user_id: event.resource?.user_id,
        status: event.resource?.status,
        channel_definition_id: event.channel_definition_id,
        new_transactions: event.connection_updated?.new_transactions,
        account_count: event.resource?.account_count,
      }),
    );
  });
});
server.listen(Number(opts.port), '127.0.0.1', () => {
  console.error(`listening http://127.0.0.1:${server.address().port}${opts.path}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
