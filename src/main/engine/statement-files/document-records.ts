/**
 * The files report of a statement-files connection as the API serves it (GET /connections/{id}/documents,
 * extension): the register (document_files) plus the uploads still waiting in the inbox.
 */
import { FOLDER_ROW, type DocumentsStore, type RegisterRow } from '../store/documents';
import { inboxDir, listUploads, UPLOAD_PREFIX, uploadName } from './inbox';

export interface DocumentFileRecord {
  name: string;
  source: 'FOLDER' | 'UPLOAD';
  file_name: string;
  status: 'IMPORTED' | 'FAILED' | 'SKIPPED' | 'PENDING';
  format?: string;
  error?: string;
  size: number;
  sha256?: string;
  modification_date?: number;
  transactions: number;
  import_date?: number;
  upload_id?: string;
}

export const documentFileSchema = {
  type: 'object',
  required: ['name', 'source', 'file_name', 'status', 'size', 'transactions'],
  properties: {
    name: {
      type: 'string',
      description:
        'Path relative to the folder (subfolders with /); `.upload/<upload id>/<file name>` for uploads; `.` for the folder itself when it cannot be read.',
    },
    source: { type: 'string', enum: ['FOLDER', 'UPLOAD'] },
    file_name: { type: 'string', description: 'The file name alone.' },
    status: {
      type: 'string',
      enum: ['IMPORTED', 'FAILED', 'SKIPPED', 'PENDING'],
      description:
        'IMPORTED: its transactions are stored (error, when present, names the rows that could not be read and were ' +
        'left out, with their line). FAILED: it cannot be read; error names the file and the line or element ' +
        '(tried again at each synchronization while it is in the folder; a failed upload is told until the next ' +
        'synchronization); the other files still import. SKIPPED: not a statement file (error says why). PENDING: ' +
        'waiting for a synchronization, or read fine but not imported because the synchronization stopped.',
    },
    format: { type: 'string', enum: ['OFX1', 'OFX2', 'QFX', 'QIF', 'CSV', 'CAMT053', 'CAMT052', 'CAMT054', 'MT940'] },
    error: { type: 'string' },
    size: { type: 'integer', description: 'Bytes.' },
    sha256: { type: 'string' },
    modification_date: { type: 'integer', description: 'File modification time (uploads: reception time).' },
    transactions: { type: 'integer', description: 'Transactions read from the file (new or already known).' },
    import_date: { type: 'integer', description: 'When this outcome was recorded.' },
    upload_id: { type: 'string' },
  },
} as const;

function baseName(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? path : path.slice(i + 1);
}

function fromRow(row: RegisterRow): DocumentFileRecord {
  const upload = row.name.startsWith(UPLOAD_PREFIX);
  const record: DocumentFileRecord = {
    name: row.name,
    source: upload ? 'UPLOAD' : 'FOLDER',
    file_name: row.name === FOLDER_ROW ? FOLDER_ROW : baseName(row.name),
    status: row.status,
    size: row.size,
    transactions: row.transactions,
    import_date: row.imported_date,
  };
  if (row.format) record.format = row.format;
  if (row.error) record.error = row.error;
  if (row.sha256) record.sha256 = row.sha256;
  if (row.mtime !== null) record.modification_date = row.mtime;
  if (upload) record.upload_id = row.name.slice(UPLOAD_PREFIX.length).split('/')[0];
  return record;
}

/** Every entry, by name (uploads first, as their names start with `.`). */
export async function documentFiles(
  store: Pick<DocumentsStore, 'registerRows'>,
  dataDir: string,
  connection: { id: number; creation_date: number },
): Promise<DocumentFileRecord[]> {
  const rows = store.registerRows(connection.id);
  const known = new Set(rows.map((r) => r.name));
  const records = rows.map(fromRow);
  for (const upload of await listUploads(inboxDir(dataDir, connection))) {
    const name = uploadName(upload);
    if (known.has(name)) continue;
    records.push({
      name,
      source: 'UPLOAD',
      file_name: upload.file_name,
      status: 'PENDING',
      size: upload.size,
      sha256: upload.sha256,
      modification_date: upload.received_date,
      transactions: 0,
      upload_id: upload.id,
    });
  }
  return records.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
