/**
 * PSD2 "PSU present" headers: for a synchronization the person starts, Coffer sends the Psu-* headers an
 * ASPSP lists in `required_psu_headers` — all of them or none (Enable Banking answers PSU_HEADER_NOT_PROVIDED
 * to a partial set). Coffer runs on the person's own computer, so the values describe that computer: its
 * network address (the first non-internal IPv4, else loopback) and Coffer's desktop user agent.
 */
import { networkInterfaces } from 'node:os';

function machineAddress(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return '127.0.0.1';
}

const VALUES: Record<string, () => string> = {
  'psu-ip-address': machineAddress,
  'psu-user-agent': () => `Coffer/1 (desktop; ${process.platform})`,
  'psu-accept': () => 'application/json',
  'psu-accept-charset': () => 'utf-8',
  'psu-accept-encoding': () => 'identity',
  'psu-accept-language': () => 'en',
};

/** The headers to send, or undefined when none is required or one of them cannot be given. */
export function psuHeaders(required: readonly string[]): Record<string, string> | undefined {
  if (required.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const name of required) {
    const value = VALUES[name.toLowerCase()];
    if (!value) return undefined;
    out[name] = value();
  }
  return out;
}
