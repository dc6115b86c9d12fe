import { api } from './client';
import type { DocumentSettings } from './types';

export interface DocumentPreview {
  format?: string;
  columns: string[];
  rows: Array<{ line: string; date: number; label: string; amount: string; currency: string; status: string }>;
  total_rows: number;
  rows_left_out: string[];
  problem?: string;
}

const path = (id: string, what: string) => `/connections/${encodeURIComponent(id)}/${what}`;

/** A statement connection's import settings and the preview of a sample file with given settings (extensions). */
export const documentSettingsApi = {
  get: (id: string) => api.get<DocumentSettings>(path(id, 'document_settings')),
  put: (id: string, settings: DocumentSettings) => api.put(path(id, 'document_settings'), settings),
  preview: (id: string, body: { file_name: string; text: string; settings?: DocumentSettings }) =>
    api.post<DocumentPreview>(path(id, 'document_preview'), body).then((r) => r.data),
};
