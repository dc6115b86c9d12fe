import { get } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerTooLarge, describeBytes, readBounded, readBoundedText } from '../../../src/main/engine/connectors/bounded-read';
import { startEndlessServer, type EndlessServer } from '../../helpers/endless-server';

const MB = 1024 * 1024;
const servers: EndlessServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function serve(options: Parameters<typeof startEndlessServer>[0]): Promise<EndlessServer> {
  const s = await startEndlessServer(options);
  servers.push(s);
  return s;
}

const rejectionOf = (p: Promise<unknown>) => p.then(() => undefined, (err: unknown) => err);

describe('readBounded (outside answers with a size limit)', () => {
  it('reads an answer up to its limit, exactly at the limit included', async () => {
    const s = await serve({ bytes: 4096, prefix: '', fill: 'a' });
    const res = await fetch(s.url);
    const text = await readBoundedText(res.body, { limit: 4096, declaredLength: res.headers.get('content-length') });
    expect(text).toBe('a'.repeat(4096));
  });

  it('gives up a 1 GB fetch answer past 1 MB and closes the connection (the server stops writing)', async () => {
    const s = await serve({ bytes: 1024 * MB });
    const res = await fetch(s.url);
    const err = await rejectionOf(readBounded(res.body, { limit: MB }));
    expect(err).toBeInstanceOf(AnswerTooLarge);
    expect((err as Error).message).toBe('the answer is larger than 1 MB');
    // The server was cut off long before the end: far less than the gigabyte went out.
    expect(await s.lastWritten()).toBeLessThan(64 * MB);
  });

  it('refuses a declared Content-Length above the limit before reading it', async () => {
    const s = await serve({ bytes: 512 * MB, declareLength: true });
    const res = await fetch(s.url);
    expect(await rejectionOf(readBounded(res.body, { limit: MB, declaredLength: res.headers.get('content-length') }))).toBeInstanceOf(
      AnswerTooLarge,
    );
    expect(await s.lastWritten()).toBeLessThan(64 * MB);
  });

  it('bounds a node:http answer the same way', async () => {
    const s = await serve({ bytes: 1024 * MB });
    const res = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => get(s.url, resolve).on('error', reject));
    expect(await rejectionOf(readBounded(res, { limit: 2 * MB }))).toBeInstanceOf(AnswerTooLarge);
    expect(await s.lastWritten()).toBeLessThan(64 * MB);
    expect(res.destroyed).toBe(true);
  });

  it('says limits in the person’s units', () => {
    expect(describeBytes(4096)).toBe('4 KB');
    expect(describeBytes(64 * MB)).toBe('64 MB');
    expect(describeBytes(1000)).toBe('1000 bytes');
  });
});
