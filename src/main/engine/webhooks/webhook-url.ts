/**
 * Which webhook URLs are accepted (see docs/api/events.md#webhook): http(s) on a loopback host only — 127.0.0.0/8, ::1
 * or localhost — so that events never leave the machine. Returns the normalized URL, or the reason it is refused.
 */
import { isIPv4, isIPv6 } from 'node:net';

export type WebhookUrlCheck = { ok: true; url: string } | { ok: false; reason: string };

const MAX_URL_LENGTH = 2048;

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === 'localhost.') return true;
  if (isIPv4(host)) return host.split('.')[0] === '127';
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (isIPv6(bare)) return bare === '::1' || /^(0{0,4}:){7}0{0,3}1$/.test(bare) || /^::ffff:127\./.test(bare);
  return false;
}

export function checkWebhookUrl(text: string): WebhookUrlCheck {
  if (text.length > MAX_URL_LENGTH) return { ok: false, reason: `url must have at most ${MAX_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'url is not an absolute URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, reason: 'url must use http:// or https://' };
  if (url.username || url.password) return { ok: false, reason: 'url must not carry a user name or password' };
  if (!isLoopbackHost(url.hostname)) {
    return {
      ok: false,
      reason: 'url must point to this machine (127.0.0.0/8, [::1] or localhost): events never leave it',
    };
  }
  url.hash = '';
  return { ok: true, url: url.toString() };
}
