import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, verifySignedAnswer } from '../../../src/main/engine/cli/verify';
import { ROOT, startTestEngine, type TestEngine } from '../../helpers/engine';
import { accountsOf, api, connectEmbedded, newCaller, transactionsOf, waitSettled } from '../sync/sync-helpers';
import { waitFor } from './events-helpers';

// Signing keys, webhook secrets and bank credentials live only in the OS keychain: these run where one is.
const hasKeychain = process.env.COFFER_TEST_KEYCHAIN === '1';

interface Child {
  proc: ChildProcess;
  stdout: string[];
  stderr: string[];
  exit: Promise<number>;
}

const children: Child[] = [];

function start(args: string[], env: Record<string, string>, stdin?: string): Child {
  const proc = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const child: Child = {
    proc,
    stdout: [],
    stderr: [],
    exit: new Promise((r) => proc.on('exit', (code) => r(code ?? -1))),
  };
  const lines = (into: string[]) => {
    let rest = '';
    return (chunk: Buffer) => {
      rest += chunk.toString('utf8');
      const parts = rest.split('\n');
      rest = parts.pop()!;
      into.push(...parts);
    };
  };
  proc.stdout!.on('data', lines(child.stdout));
  proc.stderr!.on('data', lines(child.stderr));
  if (stdin !== undefined) proc.stdin!.end(stdin);
  else proc.stdin!.end();
  children.push(child);
  return child;
}

async function finished(child: Child): Promise<{ code: number; out: string; err: string }> {
  const code = await child.exit;
  await new Promise((r) => setTimeout(r, 20));
  return { code, out: child.stdout.join('\n'), err: child.stderr.join('\n') };
}

const listeningUrl = async (child: Child) =>
  waitFor(
    () => child.stderr.map((l) => /^listening (\S+)/.exec(l)?.[1]).find(Boolean),
    15_000,
    'the receiver to listen',
  );

describe.skipIf(!hasKeychain)('examples and the verify command, as child processes against a real engine', () => {
  let engine: TestEngine;
  let admin: string;
  let work: string;
  beforeAll(async () => {
    engine = await startTestEngine();
    admin = engine.clientToken(['admin']);
    work = mkdtempSync(join(tmpdir(), 'coffer-examples-'));
  });
  afterEach(async () => {
    for (const c of children.splice(0)) if (c.proc.exitCode === null) c.proc.kill('SIGTERM');
    await engine.http('/v2/admin/webhook', { method: 'DELETE', token: admin });
  });
  afterAll(async () => {
    await engine.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const env = () => ({ COFFER_DATA_DIR: engine.dataDir });
  const cli = (args: string[], stdin?: string) =>
    start(['--import', 'tsx', 'src/main/engine/cli/index.ts', 'verify', ...args], env(), stdin);
  const example = (name: string, args: string[], extra: Record<string, string> = {}, stdin?: string) =>
    start([join('examples', name), ...args], { ...env(), ...extra }, stdin);

  /** A signed answer of a real route (a user's connection list: an empty array). */
  async function signedAnswer(): Promise<{ token: string }> {
    const res = await api(newCaller(engine), '/connections?sign_response=true');
    expect(res.status).toBe(200);
    return (await res.json()) as { token: string };
  }

  describe('npm run cli -- verify and examples/verify-signed-response.mjs', () => {
    it('verify a good answer (trusted host from server.json), from --token, --file and stdin', async () => {
      const { token } = await signedAnswer();
      const file = join(work, 'answer.json');
      writeFileSync(file, JSON.stringify({ token }));
      for (const run of [
        cli(['--token', token]),
        cli(['--file', file]),
        cli(['--file', '-'], JSON.stringify({ token })),
        example('verify-signed-response.mjs', [file]),
        example('verify-signed-response.mjs', ['-'], {}, token),
      ]) {
        const r = await finished(run);
        expect(r.code, r.err).toBe(0);
        expect(r.err).toMatch(/verified/);
        expect(r.out).toContain('[]');
      }
      const json = await finished(cli(['--token', token, '--json']));
      expect(JSON.parse(json.out)).toMatchObject({
        request_url: `${engine.urls.host_url}/v2/connections`,
        response_payload: [],
      });
    });

    it('rejects (exit 1) an altered answer and an untrusted key host', async () => {
      const { token } = await signedAnswer();
      const [h, , s] = token.split('.');
      const forged = `${h}.${Buffer.from(JSON.stringify({ request_url: 'x', response_timestamp: 1, response_payload: ['stolen'] })).toString('base64url')}.${s}`;
      for (const run of [cli(['--token', forged]), example('verify-signed-response.mjs', ['-'], {}, forged)]) {
        const r = await finished(run);
        expect(r.code).toBe(EXIT.rejected);
        expect(r.err).toMatch(/REJECTED: the signature does not match/);
      }
      for (const run of [
        cli(['--token', token, '--trusted-host', '127.0.0.1:1']),
        example('verify-signed-response.mjs', ['-', '--trusted-host', 'localhost:9'], {}, token),
      ]) {
        const r = await finished(run);
        expect(r.code).toBe(EXIT.rejected);
        expect(r.err).toMatch(/is not trusted/);
      }
    });

    it('rejects (exit 1) an answer signed with a key deprecated by a rotation; answers signed after it verify', async () => {
      const { token: before } = await signedAnswer();
      expect((await engine.http('/v2/admin/sign-keys/rotate', { method: 'POST', token: admin })).status).toBe(201);
      for (const run of [cli(['--token', before]), example('verify-signed-response.mjs', ['-'], {}, before)]) {
        const r = await finished(run);
        expect(r.code).toBe(EXIT.rejected);
        expect(r.err).toMatch(/deprecated/);
      }
      const { token: after } = await signedAnswer();
      expect((await finished(cli(['--token', after]))).code).toBe(0);
    });

    it('usage errors and malformed tokens exit 2; an unreachable key server exits 3', async () => {
      for (const run of [
        cli([]),
        cli(['--token', 'not-a-jws']),
        cli(['--token', 'a.b.c', '--file', 'x']),
        cli(['--file', join(work, 'missing.json')]),
        example('verify-signed-response.mjs', []),
      ]) {
        const r = await finished(run);
        expect(r.code, r.err).toBe(EXIT.usage);
      }
      const { token } = await signedAnswer();
      const down = await verifySignedAnswer(token, [new URL(engine.urls.host_url).host], async () => {
        throw new Error('connect ECONNREFUSED');
      }).catch((e) => e);
      expect(down.exitCode).toBe(EXIT.unreachable);
    });
  });

  describe('examples/poll-queue.mjs', () => {
    it('subscribes, follows a synchronization and stops at --until SUCCESS', async () => {
      const c = newCaller(engine);
      const poller = example('poll-queue.mjs', ['--until', 'SUCCESS', '--interval-ms', '100', '--max-seconds', '30'], {
        COFFER_TOKEN: c.token,
      });
      await waitFor(() => poller.stderr.find((l) => l.includes('subscribed queue')), 15_000, 'the subscription');
      const id = await connectEmbedded(c, 'user_ok');
      const r = await finished(poller);
      expect(r.code, r.err).toBe(0);
      const events = r.out
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l));
      expect(events.map((e) => e.event_type)).toEqual(['RUNNING', 'SUCCESS']);
      expect(events[1].resource.id).toBe(id);
      // It acknowledged what it printed: the queue is empty now.
      const queueId = /subscribed queue (\d+)/.exec(r.err)![1];
      expect((await api(c, `/queues/${queueId}`)).status).toBe(204);
    });

    it('gives up with exit 3 when nothing comes before --max-seconds', async () => {
      const c = newCaller(engine);
      const r = await finished(
        example('poll-queue.mjs', ['--until', 'SUCCESS', '--interval-ms', '100', '--max-seconds', '1'], {
          COFFER_TOKEN: c.token,
        }),
      );
      expect(r.code).toBe(3);
    });
  });

  describe('examples/webhook-receiver-verify.mjs', () => {
    it('accepts signed deliveries and refuses forged or replayed ones', async () => {
      const secret = 'receiver-test-secret-0123456789';
      const receiver = example('webhook-receiver-verify.mjs', ['--port', '0'], { COFFER_WEBHOOK_SECRET: secret });
      const url = await listeningUrl(receiver);
      expect(
        (await engine.http('/v2/admin/webhook', { method: 'PUT', token: admin, json: { url, secret } })).status,
      ).toBe(200);
      const c = newCaller(engine);
      const id = await connectEmbedded(c, 'user_ok');
      await waitSettled(c, id);
      const line = await waitFor(() => receiver.stdout.find(Boolean), 10_000, 'an accepted delivery');
      expect(JSON.parse(line)).toMatchObject({
        event_type: 'UPDATED',
        connection_id: id,
        status: 'SUCCESS',
        new_transactions: true,
        account_count: 4,
      });

      const body = JSON.stringify({ id: '1', event_type: 'UPDATED' });
      const forged = await fetch(url, {
        method: 'POST',
        body,
        headers: { 'x-coffer-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      });
      expect(forged.status).toBe(401);
      const { signatureHeader } = await import('../../../src/main/engine/webhooks/signature');
      const replayed = await fetch(url, {
        method: 'POST',
        body,
        headers: { 'x-coffer-signature': signatureHeader(secret, Math.floor(Date.now() / 1000) - 3600, body) },
      });
      expect(replayed.status).toBe(401);
      const fresh = await fetch(url, {
        method: 'POST',
        body,
        headers: { 'x-coffer-signature': signatureHeader(secret, Math.floor(Date.now() / 1000), body) },
      });
      expect(fresh.status).toBe(204);
      expect(receiver.stderr.filter((l) => l.includes('refused')).length).toBe(2);
    });
  });

  describe('examples/webhook-new-transactions.mjs (docs/api/events.md#webhook)', () => {
    it("fetches each account's new transactions with start_import_date and keeps the last import date per account", async () => {
      const secret = 'new-transactions-secret-0123456789';
      const c = newCaller(engine);
      const stateFile = join(work, 'import-dates.json');
      const script = example('webhook-new-transactions.mjs', ['--port', '0', '--state-file', stateFile], {
        COFFER_TOKEN: c.token,
        COFFER_WEBHOOK_SECRET: secret,
      });
      const url = await listeningUrl(script);
      expect(
        (await engine.http('/v2/admin/webhook', { method: 'PUT', token: admin, json: { url, secret } })).status,
      ).toBe(200);

      // Another user's events are not followed with this user's token.
      const stranger = newCaller(engine);
      await waitSettled(stranger, await connectEmbedded(stranger, 'user_ok'));

      const id = await connectEmbedded(c, 'user_ok');
      await waitSettled(c, id);
      const accounts = await accountsOf(c, id);
      const latest = () => {
        // The last version printed of each transaction, by account.
        const out = new Map<string, Map<string, string>>();
        for (const line of script.stdout.filter(Boolean)) {
          const { account_id, transaction } = JSON.parse(line);
          if (!out.has(account_id)) out.set(account_id, new Map());
          out.get(account_id)!.set(transaction.id, transaction.status);
        }
        return out;
      };
      const truth = async () => {
        const out = new Map<string, Map<string, string>>();
        for (const a of accounts)
          out.set(a.id, new Map((await transactionsOf(c, a.id, 'BOOKED,PENDING')).map((t) => [t.id, t.status])));
        return out;
      };
      // Same BOOKED and PENDING transactions (a pending one the bank dropped ends CANCELLED or EXPIRED in `a`).
      const same = (a: Map<string, Map<string, string>>, b: Map<string, Map<string, string>>) =>
        [...b].every(([account, txs]) => {
          const held = [...(a.get(account) ?? new Map<string, string>())].filter(
            ([, st]) => st === 'BOOKED' || st === 'PENDING',
          );
          return held.length === txs.size && held.every(([id, st]) => txs.get(id) === st);
        });
      let expected = await truth();
      await waitFor(async () => same(latest(), expected) || undefined, 15_000, 'the first import');
      let state = JSON.parse(readFileSync(stateFile, 'utf8'));
      expect(Object.keys(state.last_import_date).sort()).toEqual(accounts.map((a) => a.id).sort());
      for (const a of accounts) {
        expect(state.last_import_date[a.id]).toBe(
          Math.max(...(await transactionsOf(c, a.id, 'BOOKED,PENDING')).map((t) => t.import_date)),
        );
      }
      const firstDates = { ...state.last_import_date };
      const linesAfterFirst = script.stdout.filter(Boolean).length;

      // Next synchronization, above the accounts threshold: the script lists the accounts itself, fetches only
      // what is new, and sees its pending card payments book.
      await engine.http('/v2/admin/settings', { method: 'PUT', token: admin, json: { webhook_accounts_threshold: 1 } });
      await new Promise((r) => setTimeout(r, 1100)); // a later import date
      expect((await api(c, `/connections/${id}/synchronize`, { method: 'POST' })).status).toBe(204);
      await waitSettled(c, id);
      expected = await truth();
      await waitFor(async () => same(latest(), expected) || undefined, 15_000, 'the second import');
      state = JSON.parse(readFileSync(stateFile, 'utf8'));
      expect(Object.keys(state.last_import_date).some((k) => state.last_import_date[k] > firstDates[k])).toBe(true);
      // Only what is new or changed was printed again (no full re-read).
      const reprinted = script.stdout.filter(Boolean).length - linesAfterFirst;
      expect(reprinted).toBeLessThan(100);
      await engine.http('/v2/admin/settings', {
        method: 'PUT',
        token: admin,
        json: { webhook_accounts_threshold: 100 },
      });
    }, 60_000);
  });
});
