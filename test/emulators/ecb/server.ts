/**
 * A loopback emulator of the European Central Bank's reference-rate files, plain node:http on 127.0.0.1:
 * eurofxref-hist.xml (every day held), eurofxref-hist-90d.xml (the last 90 days) and eurofxref-daily.xml (the
 * last day), in the ECB's own XML format, under any base path. It starts with the real days of
 * test/fixtures/ecb (published 2016-12-05 to 2017-03-03); a test adds days of its own, and switches
 * broken answers on through this object (`breakWith`), never through HTTP. Every request is logged.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { streamFill } from '../../../src/main/simplefin-emulator/stream-fill';

export interface EcbDay {
  /** YYYY-MM-DD */
  date: string;
  /** [currency, rate as the ECB writes it] */
  rates: Array<[string, string]>;
}

/**
 * Broken answers: a status, a file cut off halfway, rows the engine must skip (written into the last day
 * beside its good rows: a rate that is not a number, a rate of 0, a negative rate, a code that is not three
 * letters A–Z, a day before 1999), a body far larger than any rates file, or a text that is not the format.
 */
export type EcbBreak =
  | { kind: 'status'; status: number }
  | { kind: 'truncated' }
  | { kind: 'row'; row: 'not-a-number' | 'zero' | 'negative' | 'bad-code' | 'before-1999' }
  | { kind: 'huge'; bytes: number }
  | { kind: 'not-xml' };

export interface EcbRequest {
  path: string;
  status: number;
}

const FIXTURE = join(import.meta.dirname, '..', '..', 'fixtures', 'ecb', 'eurofxref-hist-90d-2017-03-03.xml');
const FILES = ['eurofxref-hist.xml', 'eurofxref-hist-90d.xml', 'eurofxref-daily.xml'] as const;
const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" ' +
  'xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">\n\t<gesmes:subject>Reference rates</gesmes:subject>\n' +
  '\t<gesmes:Sender>\n\t\t<gesmes:name>European Central Bank</gesmes:name>\n\t</gesmes:Sender>\n\t<Cube>\n';
const TAIL = '\t</Cube>\n</gesmes:Envelope>';
const BAD_ROWS = {
  'not-a-number': '<Cube currency="XAU" rate="1,234.5"/>',
  zero: '<Cube currency="XAG" rate="0"/>',
  negative: '<Cube currency="XPT" rate="-1.5"/>',
  'bad-code': '<Cube currency="usd" rate="1.1"/>',
  'before-1999': '',
} as const;

/** The real days of the fixture, newest first. */
export function fixtureDays(): EcbDay[] {
  const text = readFileSync(FIXTURE, 'utf8');
  const days: EcbDay[] = [];
  for (const m of text.matchAll(/<Cube time="([^"]+)">(.*?)<\/Cube>/gs)) {
    days.push({ date: m[1], rates: [...m[2].matchAll(/currency="([^"]+)" rate="([^"]+)"/g)].map((r) => [r[1], r[2]]) });
  }
  return days;
}

export class EcbEmulator {
  /** Newest first. */
  days: EcbDay[] = fixtureDays();
  readonly requests: EcbRequest[] = [];
  /** A broken answer for the next `count` requests (default: until cleared). */
  private broken: { how: EcbBreak; count: number } | null = null;
  private server: Server | null = null;
  private port = 0;

  /** The base URL to hand the engine (COFFER_FX_URL): the files are under it. */
  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/stats/eurofxref/`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.answer(req.url ?? '/', res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Adds (or replaces) a day; the days stay newest first. */
  addDay(day: EcbDay): void {
    this.days = [day, ...this.days.filter((d) => d.date !== day.date)].sort((a, b) => (a.date < b.date ? 1 : -1));
  }

  breakWith(how: EcbBreak, count = Number.POSITIVE_INFINITY): void {
    this.broken = { how, count };
  }

  heal(): void {
    this.broken = null;
  }

  /** The file's text as the ECB would serve it now. */
  file(name: (typeof FILES)[number]): string {
    const latest = this.days[0]?.date ?? '1999-01-04';
    const since = new Date(Date.parse(`${latest}T00:00:00Z`) - 90 * 86_400_000).toISOString().slice(0, 10);
    const days = name === 'eurofxref-daily.xml' ? this.days.slice(0, 1) : name === 'eurofxref-hist-90d.xml' ? this.days.filter((d) => d.date > since) : this.days;
    const row = this.broken?.how.kind === 'row' ? this.broken.how.row : null;
    const cubes = days.map((d, i) => {
      const extra = i === 0 && row && row !== 'before-1999' ? BAD_ROWS[row] : '';
      return `\t\t<Cube time="${d.date}">\n${d.rates.map(([c, r]) => `\t\t\t<Cube currency="${c}" rate="${r}"/>\n`).join('')}${extra}\t\t</Cube>\n`;
    });
    if (row === 'before-1999') cubes.push('\t\t<Cube time="1998-12-31">\n\t\t\t<Cube currency="USD" rate="1.1"/>\n\t\t</Cube>\n');
    return HEAD + cubes.join('') + TAIL;
  }

  private async answer(url: string, res: ServerResponse): Promise<void> {
    const path = url.split('?')[0];
    const name = FILES.find((f) => path.endsWith(`/${f}`));
    const broken = this.broken && this.broken.count > 0 ? this.broken.how : null;
    if (broken && this.broken) this.broken.count--;
    const status = !name ? 404 : broken?.kind === 'status' ? broken.status : 200;
    this.requests.push({ path, status });
    if (status !== 200 || !name) {
      res.writeHead(status, { 'content-type': 'text/html' }).end('<html><body>Not available</body></html>');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/xml' });
    if (broken?.kind === 'huge') {
      res.write(HEAD);
      await streamFill(res, broken.bytes, Buffer.from('\t\t<Cube time="2017-03-03">\n'.repeat(2048)), TAIL);
      return;
    }
    if (broken?.kind === 'not-xml') return void res.end('{"rates": "moved"}');
    const text = this.file(name);
    res.end(broken?.kind === 'truncated' ? text.slice(0, Math.floor(text.length / 2)) : text);
  }
}

export async function startEcbEmulator(): Promise<EcbEmulator> {
  return new EcbEmulator().start();
}
