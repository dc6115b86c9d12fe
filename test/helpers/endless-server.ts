/**
 * A loopback HTTP server that streams a large body without holding it: `bytes` bytes of `fill` (default
 * spaces), written chunk by chunk as the client reads, with or without a Content-Length. It counts what it
 * managed to write before the client closed the connection, so a test can tell "read to the end" from
 * "given up early" without keeping the body anywhere.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { streamFill } from '../../src/main/simplefin-emulator/stream-fill';

const CHUNK = 64 * 1024;

export interface EndlessServer {
  url: string;
  /** Bytes written by the last answer when it ended (or was cut off). */
  lastWritten(): Promise<number>;
  close(): Promise<void>;
}

export async function startEndlessServer(options: {
  bytes: number;
  declareLength?: boolean;
  prefix?: string;
  fill?: string;
}): Promise<EndlessServer> {
  const chunk = Buffer.alloc(CHUNK, options.fill ?? ' ');
  let last: Promise<number> = Promise.resolve(0);
  const server = createServer((_req, res) => {
    const prefix = Buffer.from(options.prefix ?? '');
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(options.declareLength ? { 'content-length': String(prefix.length + options.bytes) } : {}),
    });
    res.write(prefix);
    last = streamFill(res, options.bytes, chunk);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    lastWritten: () => last,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
