/**
 * The `X-Coffer-Signature` header of webhook deliveries (see docs/api/events.md#webhook):
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the webhook secret>`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Coffer-Signature';

export function signatureHeader(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: string };

/**
 * What a receiver does (examples/webhook-receiver-verify.mjs does the same with Node only): parse the header,
 * recompute the MAC, compare in constant time, refuse a timestamp more than `toleranceSeconds` away.
 */
export function verifySignature(
  secret: string,
  header: string | undefined,
  body: string,
  now: number,
  toleranceSeconds = 300,
): SignatureCheck {
  if (!header) return { ok: false, reason: 'no signature header' };
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const eq = item.indexOf('=');
    if (eq <= 0) continue;
    const k = item.slice(0, eq).trim();
    parts.set(k, [...(parts.get(k) ?? []), item.slice(eq + 1).trim()]);
  }
  const t = parts.get('t')?.[0];
  if (!t || !/^\d{1,12}$/.test(t)) return { ok: false, reason: 'no timestamp' };
  const timestamp = Number(t);
  if (Math.abs(now - timestamp) > toleranceSeconds) return { ok: false, reason: 'timestamp outside the tolerance' };
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'), 'utf8');
  for (const v of parts.get('v1') ?? []) {
    const given = Buffer.from(v, 'utf8');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return { ok: true, timestamp };
  }
  return { ok: false, reason: 'signature mismatch' };
}
