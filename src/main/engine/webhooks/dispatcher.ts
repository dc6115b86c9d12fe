/**
 * Delivers webhook POSTs off the synchronization path: `enqueue` returns at once; at most `concurrency`
 * deliveries run together, at most `maxQueued` wait (more are dropped and logged). Each delivery has one
 * attempt and a `timeoutMs` deadline for the whole exchange (docs/api/events.md#webhook: no retry).
 */
import http from 'node:http';
import https from 'node:https';
import type { DeliveryEntry, DeliveryOutcome } from '../store/webhooks';
import { SIGNATURE_HEADER, signatureHeader } from './signature';

export interface DeliveryJob {
  eventId: string;
  userId: number | null;
  connectionId: number | null;
  url: string;
  secret: string;
  body: string;
}

export interface DispatcherOptions {
  concurrency: number;
  maxQueued: number;
  timeoutMs: number;
  now(): number;
  /** Called once per job with its outcome (the delivery log). */
  record(entry: DeliveryEntry): void;
  warn(message: string, details?: Record<string, unknown>): void;
}

export const DEFAULT_DISPATCHER = { concurrency: 4, maxQueued: 1000, timeoutMs: 5000 } as const;

interface Attempt {
  outcome: DeliveryOutcome;
  statusCode?: number;
  error?: string;
}

export class WebhookDispatcher {
  private readonly waiting: DeliveryJob[] = [];
  private readonly running = new Set<http.ClientRequest>();
  private active = 0;
  private closed = false;
  private idleWaiters: Array<() => void> = [];
  private readonly agents = {
    http: new http.Agent({ keepAlive: true }),
    https: new https.Agent({ keepAlive: true }),
  };

  constructor(private readonly options: DispatcherOptions) {}

  /** Queues a delivery; false (and a "dropped" log entry) when the queue is full or the dispatcher closed. */
  enqueue(job: DeliveryJob): boolean {
    if (this.closed || this.waiting.length >= this.options.maxQueued) {
      this.options.warn('webhook delivery dropped: the delivery queue is full', {
        event_id: job.eventId,
        queued: this.waiting.length,
      });
      this.finish(
        job,
        { outcome: 'dropped', error: this.closed ? 'the engine is stopping' : 'the delivery queue is full' },
        0,
      );
      return false;
    }
    this.waiting.push(job);
    this.pump();
    return true;
  }

  /** Deliveries waiting or in flight. */
  get pending(): number {
    return this.waiting.length + this.active;
  }

  /** Resolves when nothing waits or runs (tests, shutdown). */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops: queued deliveries are dropped, running ones aborted (each still logged). */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0))
      this.finish(job, { outcome: 'dropped', error: 'the engine is stopping' }, 0);
    for (const req of this.running) req.destroy(new Error('the engine is stopping'));
    await this.idle();
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  private pump(): void {
    while (this.active < this.options.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift()!;
      this.active++;
      const started = performance.now();
      this.post(job).then((attempt) => {
        this.active--;
        this.finish(job, attempt, performance.now() - started);
        this.pump();
        if (this.pending === 0) for (const w of this.idleWaiters.splice(0)) w();
      });
    }
  }

  private finish(job: DeliveryJob, attempt: Attempt, durationMs: number): void {
    try {
      this.options.record({
        eventId: job.eventId,
        userId: job.userId,
        connectionId: job.connectionId,
        url: job.url,
        ...(attempt.statusCode !== undefined ? { statusCode: attempt.statusCode } : {}),
        outcome: attempt.outcome,
        durationMs,
        ...(attempt.error ? { error: attempt.error } : {}),
        creationDate: this.options.now(),
      });
    } catch (err) {
      this.options.warn('could not record a webhook delivery', { error: (err as Error).message });
    }
  }

  private post(job: DeliveryJob): Promise<Attempt> {
    return new Promise((resolve) => {
      let settled = false;
      const done = (a: Attempt) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.running.delete(req);
        resolve(a);
      };
      const url = new URL(job.url);
      const body = Buffer.from(job.body, 'utf8');
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(url, {
        method: 'POST',
        agent: url.protocol === 'https:' ? this.agents.https : this.agents.http,
        headers: {
          'content-type': 'application/json',
          'content-length': String(body.length),
          'user-agent': 'Coffer-Webhook/1',
          [SIGNATURE_HEADER.toLowerCase()]: signatureHeader(job.secret, this.options.now(), job.body),
        },
      });
      const timer = setTimeout(() => {
        done({ outcome: 'timeout', error: `no answer within ${this.options.timeoutMs} ms` });
        req.destroy(new Error('timeout'));
      }, this.options.timeoutMs);
      this.running.add(req);
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => {
          const code = res.statusCode ?? 0;
          done(
            code >= 200 && code < 300
              ? { outcome: 'delivered', statusCode: code }
              : { outcome: 'http_error', statusCode: code, error: `HTTP ${code}` },
          );
        });
        res.on('error', (err) => done({ outcome: 'network_error', statusCode: res.statusCode, error: err.message }));
      });
      req.on('error', (err) => done({ outcome: 'network_error', error: err.message }));
      req.end(body);
    });
  }
}
