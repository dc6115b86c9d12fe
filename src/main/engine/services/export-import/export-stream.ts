/**
 * The export of one user's data as a stream of JSON text: the header, the user, then each list written a
 * page of rows at a time (the store reads pages by key; nothing holds the whole history). Between pages the
 * event loop turns, so other requests are served while a large export is written.
 */
import type { Store } from '../../store';
import { EXPORT_FORMAT, EXPORT_LIST_NAMES, EXPORT_LISTS, EXPORT_VERSION, USER_FIELDS, exportRecord, type ExportList } from '../../domain/export-document';
import type { PageKey } from '../../store/user-data';

/** Rows read and written per page: large enough to be fast, small enough to keep memory flat. */
const PAGE_ROWS = 5_000;

function* listChunks(store: Store, list: ExportList, userId: number): Generator<string> {
  const fields = EXPORT_LISTS[list];
  let after: PageKey | null = null;
  let first = true;
  for (;;) {
    const { rows, last } = store.userData.page(list, userId, after, PAGE_ROWS);
    if (rows.length === 0) return;
    let text = '';
    for (const row of rows) {
      text += (first ? '\n' : ',\n') + JSON.stringify(exportRecord(row, fields));
      first = false;
    }
    yield text;
    if (rows.length < PAGE_ROWS) return;
    after = last;
  }
}

/** The document, piece by piece. */
export async function* exportChunks(store: Store, userId: number, now: number): AsyncGenerator<string> {
  const profile = store.userData.profile(userId) ?? {};
  const user = { ...exportRecord(profile, USER_FIELDS), properties: store.userData.properties(userId) };
  yield `{"format":${JSON.stringify(EXPORT_FORMAT)},"version":${EXPORT_VERSION},"exported_at":${now},"user":${JSON.stringify(user)},"categories":[]`;
  for (const list of EXPORT_LIST_NAMES) {
    yield `,\n${JSON.stringify(list)}:[`;
    for (const chunk of listChunks(store, list, userId)) {
      yield chunk;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    yield '\n]';
  }
  yield '}\n';
}
