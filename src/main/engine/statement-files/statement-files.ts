/**
 * The engine feature around statement files (provider 9500): it is the statements connector's source
 * (connectors/statements/source.ts: the folder, the upload inbox, the files register, the stored accounts),
 * keeps each run's report until the run's end event, then writes it into the register (run-report.ts);
 * receives uploads; serves the documents report and the import settings. One instance per engine, hearing
 * that engine's events only.
 * - On the event that ends a statements run: the report lands in the register (a file that could not be read
 *   holds nothing back: the run imported the others).
 * - On DELETED: the inboxes of connections that are gone are removed.
 * - At start: what a previous process left is cleared (uploads cut short, inboxes of deleted connections).
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { FOLDER_CREDENTIAL, STATEMENTS_CHANNEL_ID } from '../connectors/statements/definition';
import { readDocumentSettings, type DocumentSettings } from '../connectors/statements/document-settings';
import type { KnownFile, RunReport, StatementSource } from '../connectors/statements/source';
import { MAX_STATEMENT_BYTES } from '../connectors/statements/statement-reader';
import type { EngineEvents, PublishedEvent } from '../events/engine-events';
import { SecretStoreUnavailable } from '../domain/errors';
import type { SecretStore } from '../secrets/secret-store';
import { credentialValues, readChannelSecret } from '../store/channel-secret';
import type { DocumentsStore } from '../store/documents';
import type { SyncPort } from '../sync/sync-port';
import { documentFiles, type DocumentFileRecord } from './document-records';
import { resolveStatementFolder } from './folder-access';
import { scanFolder } from './folder-scan';
import { documentsRoot, inboxDir, listUploads, removePartials, removeUpload, saveUpload, UploadIds, type UploadMeta } from './inbox';
import { applyRunReport } from './run-report';

export interface StatementFilesDeps {
  store: DocumentsStore;
  /** The OS keychain, where the folder is kept (it is the channel's credential). */
  secrets: Pick<SecretStore, 'get'>;
  events: EngineEvents;
  dataDir: string;
  log: FastifyBaseLogger;
  now(): number;
  /** The engine's sync service (read when needed: it is installed after this feature). */
  sync(): SyncPort;
}

const SUCCEEDED = new Set(['SUCCESS', 'PARTIAL_SUCCESS']);

export class StatementFiles implements StatementSource {
  /** The last run's report per connection, until its end event arrives. */
  private readonly reports = new Map<number, RunReport>();
  private readonly uploadIds = new UploadIds();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: StatementFilesDeps) {}

  /** Clears what a previous process left, then listens to the engine's events. */
  async start(): Promise<void> {
    this.removeStaleInboxes();
    const root = documentsRoot(this.deps.dataDir);
    for (const name of safeList(root)) await removePartials(join(root, name, 'inbox'));
    this.unsubscribe ??= this.deps.events.on((event) => this.handleEvent(event));
  }

  close(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  // --- StatementSource: what the statements connector reads through ---

  /**
   * The folder of a statement-files connection in full, as its owner gave it (the connection record shows it
   * masked, like any credential); undefined when none is kept. Read from the keychain: when the keychain
   * cannot be read, SecretStoreUnavailable.
   */
  folderOf(connectionId: number): string | undefined {
    const channelId = this.deps.store.channelId(connectionId, STATEMENTS_CHANNEL_ID);
    if (channelId === undefined) return undefined;
    const read = readChannelSecret(this.deps.secrets, channelId);
    if (read.kind === 'unavailable') throw new SecretStoreUnavailable('the keychain could not be read');
    return read.kind === 'ok' ? credentialValues(read.secret)[FOLDER_CREDENTIAL] : undefined;
  }

  settingsOf(connectionId: number): DocumentSettings | undefined {
    const connection = this.deps.store.connection(connectionId);
    return connection ? readDocumentSettings(connection.document_settings) : undefined;
  }

  /** The folder is checked again (domain/statement-folder.ts) and read through its real path. */
  async scanFolder(folder: string, signal: AbortSignal) {
    return scanFolder(await resolveStatementFolder(folder, this.deps.dataDir), signal);
  }

  async uploads(connectionId: number) {
    const connection = this.deps.store.connection(connectionId);
    return connection ? listUploads(inboxDir(this.deps.dataDir, connection)) : [];
  }

  knownFiles(connectionId: number): Map<string, KnownFile> {
    return this.deps.store.register(connectionId);
  }

  storedAccounts(connectionId: number) {
    return this.deps.store.accounts(connectionId);
  }

  hasTransaction(accountId: number, key: string): boolean {
    return this.deps.store.hasTransaction(accountId, key);
  }

  bookedBetween(accountId: number, from: number, to: number) {
    return this.deps.store.bookedBetween(accountId, from, to);
  }

  runStarted(report: RunReport): void {
    this.reports.set(report.connectionId, report);
  }

  warn(message: string, details: Record<string, unknown>): void {
    this.deps.log.warn(details, message);
  }

  // --- The feature's own use cases (routes/documents.ts) ---

  /** GET /connections/{id}/documents: the register plus the uploads still waiting. */
  documents(connection: { id: number; creation_date: number }): Promise<DocumentFileRecord[]> {
    return documentFiles(this.deps.store, this.deps.dataDir, connection);
  }

  settings(connection: { document_settings: string | null }): DocumentSettings {
    return readDocumentSettings(connection.document_settings);
  }

  saveSettings(connectionId: number, settings: DocumentSettings): void {
    this.deps.store.setDocumentSettings(connectionId, JSON.stringify(settings));
  }

  /**
   * Keeps an uploaded file in the connection's inbox and starts a synchronization that imports it. Throws
   * UploadTooLarge above MAX_STATEMENT_BYTES; returns null (nothing kept) for an empty body.
   */
  async receiveUpload(
    connection: { id: number; creation_date: number },
    body: Readable,
    input: { fileName: string; account?: string },
  ): Promise<UploadMeta | null> {
    const dir = inboxDir(this.deps.dataDir, connection);
    const meta = await saveUpload(dir, body, {
      id: this.uploadIds.next(),
      fileName: input.fileName,
      account: input.account,
      maxBytes: MAX_STATEMENT_BYTES,
      now: this.deps.now(),
    });
    if (meta.size === 0) {
      removeUpload(dir, meta.id);
      return null;
    }
    this.deps.sync().start(connection.id, { channelDefinitionIds: [STATEMENTS_CHANNEL_ID] });
    return meta;
  }

  // --- Events ---

  handleEvent(event: PublishedEvent): void {
    if (!this.deps.store.isOpen() || event.connectionId === null) return;
    if (event.eventType === 'DELETED') {
      this.removeStaleInboxes();
      return;
    }
    const run = event.channelRun;
    if (!run || run.type !== 'ALL' || event.channelDefinitionId !== STATEMENTS_CHANNEL_ID) return;
    const report = this.reports.get(event.connectionId);
    if (!report) return;
    this.reports.delete(event.connectionId);
    const connection = this.deps.store.connection(event.connectionId);
    if (!connection) return;
    const succeeded = SUCCEEDED.has(run.status);
    applyRunReport(this.deps.store, this.deps.now(), report, inboxDir(this.deps.dataDir, connection), succeeded);
  }

  /** Inbox folders (`<id>-<creation date>`) of connections that no longer exist. */
  removeStaleInboxes(): void {
    const root = documentsRoot(this.deps.dataDir);
    for (const name of safeList(root)) {
      const m = /^(\d+)-(\d+)$/.exec(name);
      if (!m) continue;
      if (!this.deps.store.connectionBornAt(Number(m[1]), Number(m[2])))
        rmSync(join(root, name), { recursive: true, force: true });
    }
  }
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
