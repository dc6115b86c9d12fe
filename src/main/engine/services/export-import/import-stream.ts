/**
 * The import of an export document read as a stream (up to 1 GiB): the JSON splitter hands on one record
 * at a time, each is checked when it arrives (domain/export-check.ts) and written with the others of its
 * slice in one short transaction, so neither the document nor its records are ever all in memory.
 *
 * Nothing of a refused document stays: the user had no data when the import began, so a failure (a wrong
 * record, a file cut short, a dropped connection) removes everything the import wrote. A marker in the
 * settings table says an import is under way; if the engine stops in the middle, the next import into that
 * user finds the marker and removes the partial data first instead of answering "this profile has data".
 */
import { Conflict, InvalidInput } from '../../domain/errors';
import { ExportChecker, headerProblem, userProblem } from '../../domain/export-check';
import { EXPORT_LISTS, USER_FIELDS, storedRow, type ExportList, type ExportedRecord } from '../../domain/export-document';
import type { Store } from '../../store';
import { CutShort, JsonSplitter, NotAnObject } from './json-splitter';
import { knownIds, RecordWriter, USER_HAS_DATA, type ImportCounts } from './record-writer';

/** Records written per transaction: each is a few milliseconds, so other requests are served between them. */
const SLICE = 2_000;

const FOREIGN = 'this file is not a Coffer export: it is not a JSON document. Choose a file made by "Export my data".';
const CUT_SHORT =
  'this export file is cut short or damaged: it ends before the document does. Export your data again, or check the copy is complete.';

class StreamingImport {
  private readonly head: Record<string, unknown> = {};
  private headerChecked = false;
  private readonly checker: ExportChecker;
  private readonly writer: RecordWriter;
  private slice: { list: ExportList; rows: ExportedRecord[] } | null = null;
  readonly counts = Object.fromEntries(Object.keys(EXPORT_LISTS).map((k) => [k, 0])) as ImportCounts;

  constructor(private readonly store: Store, private readonly userId: number, private readonly now: number) {
    this.checker = new ExportChecker(knownIds(store));
    this.writer = new RecordWriter(store, userId, now);
  }

  value(key: string, text: string): void {
    this.head[key] = parse(text, key);
  }

  element(key: string, index: number, text: string): void {
    this.checkHeader();
    if (!(key in EXPORT_LISTS)) return; // a list of a later version, or `categories` (none in version 1)
    const list = key as ExportList;
    const record = parse(text, `${list}[${index}]`);
    const problem = this.checker.record(list, index, record);
    if (problem) throw new InvalidInput(problem);
    if (this.slice && this.slice.list !== list) this.flush();
    this.slice ??= { list, rows: [] };
    this.slice.rows.push(record as ExportedRecord);
    this.counts[list]++;
    if (this.slice.rows.length >= SLICE) this.flush();
  }

  private checkHeader(): void {
    if (this.headerChecked) return;
    const problem = headerProblem(this.head);
    if (problem) throw new InvalidInput(problem);
    this.headerChecked = true;
  }

  private flush(): void {
    const slice = this.slice;
    this.slice = null;
    if (slice) this.store.transaction(() => this.writer.write(slice.list, slice.rows));
  }

  /** The end of the document: the profile is written and the import marked done, in one transaction. */
  finish(): void {
    this.checkHeader();
    const user = this.head.user ?? {};
    const problem = userProblem(user);
    if (problem) throw new InvalidInput(problem);
    this.flush();
    const u = user as ExportedRecord & { properties?: Record<string, string> };
    this.store.transaction(() => {
      this.store.userData.setProfile(this.userId, storedRow(u, USER_FIELDS), u.properties ?? {});
      // Which transactions the person entered is read from their keys, and each account's sum of them again.
      this.store.manualLedger.restoreManualMarks(this.userId);
      this.store.userData.endImport(this.userId);
    });
  }
}

function parse(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new InvalidInput(`${path} is not valid JSON`);
  }
}

/** Starts an import: refuses a user with data (unless it is what an interrupted import left). */
function begin(store: Store, userId: number): void {
  store.transaction(() => {
    const interrupted = store.userData.importUnderWay(userId);
    if (interrupted) store.userData.removeAll(userId);
    else if (store.userData.hasData(userId)) throw new Conflict(USER_HAS_DATA);
    store.userData.beginImport(userId);
  });
}

/** Reads the document from `chunks` into the user; on any failure removes what it wrote and rethrows. */
export async function importStream(store: Store, userId: number, chunks: AsyncIterable<Buffer>, now: number): Promise<ImportCounts> {
  begin(store, userId);
  const work = new StreamingImport(store, userId, now);
  const splitter = new JsonSplitter({ value: (k, t) => work.value(k, t), element: (k, i, t) => work.element(k, i, t) });
  const decoder = new TextDecoder('utf-8');
  try {
    let empty = true;
    for await (const chunk of chunks) {
      if (chunk.length) empty = false;
      splitter.push(decoder.decode(chunk, { stream: true }));
    }
    if (empty) throw new InvalidInput('the body is empty: send the file made by "Export my data"');
    splitter.push(decoder.decode());
    splitter.end();
    work.finish();
    return work.counts;
  } catch (err) {
    store.transaction(() => {
      store.userData.removeAll(userId);
      store.userData.endImport(userId);
    });
    if (err instanceof NotAnObject) throw new InvalidInput(FOREIGN);
    if (err instanceof CutShort) throw new InvalidInput(CUT_SHORT);
    throw err;
  }
}
