/**
 * Ties the statement-files connector (one module-level object, like every connector) to the engine that
 * runs it. Unlike a bank connector it reads the engine's own data: the connection's files register,
 * settings and upload inbox. Startup step `startStatementFiles`:
 * - registers this engine under a random token and writes the token into the provider's bank state
 *   (ConnectorContext.bankState, which the sync engine keeps per engine in settings `bank_state/9500`),
 *   so that a run finds its engine even when several engines share a process (tests, benchmarks);
 * - listens to the committed events that end a channel run, and then writes that run's report into the
 *   register (run-report.ts); on DELETED, removes the connection's inbox;
 * - clears what a previous process left: uploads cut short, inboxes of connections that are gone.
 * The connection a run serves is in its connector memory (`ctx.state.connection_id`, migration m005).
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineContext } from '../../context';
import { onEvent, type PublishedEvent } from '../../events/engine-events';
import { STATEMENTS_CHANNEL_ID, STATEMENTS_ID } from './definition';
import { documentsRoot, removePartials } from './inbox';
import { applyRunReport, type RunReport } from './run-report';

export interface EngineBinding {
  ctx: EngineContext;
  /** The last run's report per connection, until its end event arrives. */
  reports: Map<number, RunReport>;
}

const ENGINE_KEY = 'engine';
const bindings = new Map<string, EngineBinding>();

/** The engine a run belongs to, from the token in the provider's bank state. */
export function bindingOf(bankState: Record<string, unknown> | undefined): EngineBinding | undefined {
  const token = bankState?.[ENGINE_KEY];
  return typeof token === 'string' ? bindings.get(token) : undefined;
}

/** The engine's binding from its context (routes). */
export function bindingOfContext(ctx: EngineContext): EngineBinding | undefined {
  for (const b of bindings.values()) if (b.ctx === ctx) return b;
  return undefined;
}

const ownEvent = new WeakMap<object, (event: PublishedEvent) => boolean>();

/** The event bus is process-wide: keep the events of this engine's database. */
function isOwnEvent(ctx: EngineContext, event: PublishedEvent): boolean {
  let check = ownEvent.get(ctx.db);
  if (!check) {
    const stmt = ctx.db
      .prepare<[number, number, string, number], number>(
        'SELECT 1 FROM events WHERE id = ? AND user_id = ? AND event_type = ? AND creation_date = ?',
      )
      .pluck();
    check = (e) => stmt.get(Number(e.id), e.userId, e.eventType, e.creationDate) === 1;
    ownEvent.set(ctx.db, check);
  }
  return check(event);
}

const SUCCEEDED = new Set(['SUCCESS', 'PARTIAL_SUCCESS']);

export function handleEvent(binding: EngineBinding, event: PublishedEvent): void {
  const { ctx } = binding;
  if (!ctx.db.open || event.connectionId === null) return;
  if (event.eventType === 'DELETED') {
    if (isOwnEvent(ctx, event)) removeStaleInboxes(ctx);
    return;
  }
  const run = event.channelRun;
  if (!run || run.type !== 'ALL' || event.channelDefinitionId !== STATEMENTS_CHANNEL_ID) return;
  const report = binding.reports.get(event.connectionId);
  if (!report || !isOwnEvent(ctx, event)) return;
  binding.reports.delete(event.connectionId);
  const succeeded = SUCCEEDED.has(run.status);
  applyRunReport(ctx, report, succeeded);
  // Failed uploads leave the inbox (a folder file stays, and would fail again): when only uploads failed,
  // the uploads they held back are imported by one more synchronization, started at once.
  const failed = report.files.filter((f) => f.status === 'FAILED');
  const heldBack = report.files.some((f) => f.status === 'READY' && f.uploadId);
  if (!succeeded && !report.folderError && failed.length > 0 && failed.every((f) => f.uploadId) && heldBack) {
    ctx.services.sync.start(event.connectionId, { channelDefinitionIds: [STATEMENTS_CHANNEL_ID] });
  }
}

/** Inbox folders (`<id>-<creation date>`) of connections that no longer exist; partial uploads of the others. */
export function removeStaleInboxes(ctx: EngineContext): void {
  const root = documentsRoot(ctx.dataDir);
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return;
  }
  const exists = ctx.db
    .prepare<[number, number], number>('SELECT 1 FROM connections WHERE id = ? AND creation_date = ?')
    .pluck();
  for (const name of names) {
    const m = /^(\d+)-(\d+)$/.exec(name);
    if (!m) continue;
    if (exists.get(Number(m[1]), Number(m[2])) !== 1) rmSync(join(root, name), { recursive: true, force: true });
  }
}

/** StartupStep (before the synchronization engine starts). */
export async function startStatementFiles(ctx: EngineContext): Promise<void> {
  const token = randomUUID();
  const binding: EngineBinding = { ctx, reports: new Map() };
  bindings.set(token, binding);
  const key = `bank_state/${STATEMENTS_ID}`;
  const previous = ctx.settings.getRaw<unknown>(key);
  const state = previous && typeof previous === 'object' && !Array.isArray(previous) ? previous : {};
  ctx.settings.setRaw(key, { ...state, [ENGINE_KEY]: token });

  removeStaleInboxes(ctx);
  for (const name of safeList(documentsRoot(ctx.dataDir)))
    await removePartials(join(documentsRoot(ctx.dataDir), name, 'inbox'));

  const unsubscribe = onEvent((event) => handleEvent(binding, event));
  ctx.onClose(() => {
    unsubscribe();
    bindings.delete(token);
  });
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
