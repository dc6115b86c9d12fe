import { useCallback, useEffect, useState } from 'react';
import { connectionsApi, type Connection, type StatementFile } from '../../lib/api';
import { useT, type MessageKey } from '../../lib/i18n';
import { syncSelectors, useStore } from '../../store';
import { Alert, Badge, Button, Card, Loading } from '../../ui';
import { errorMessage } from '../common/errors';
import { adviceFor, problemText, sortReport } from './document-report';

const TONE = { IMPORTED: 'success', FAILED: 'danger', PENDING: 'warning', SKIPPED: 'neutral' } as const;

/**
 * For a DOCUMENT connection: each file the synchronizations read (GET /connections/{id}/documents), with its
 * outcome and, for a file that could not be read, where and what to do. Read again when a synchronization ends.
 */
export function DocumentReport({ connection }: { connection: Connection }) {
  const i18n = useT();
  const { t, tn, relative } = i18n;
  const running = useStore((s) => syncSelectors.isRunning(s, connection.id));
  const [files, setFiles] = useState<StatementFile[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setFiles(sortReport(await connectionsApi.documents(connection.id)));
      setError(null);
    } catch (err) {
      setError(errorMessage(i18n, err));
    }
  }, [connection.id, i18n]);

  // Each end of a synchronization (status or last run changed) may have a new outcome for some file.
  const lastRun = connection.channels.map((c) => c.last_end_date ?? '').join();
  useEffect(() => {
    if (!running) void load();
  }, [load, running, connection.status, lastRun]);

  const failed = files?.filter((f) => f.status === 'FAILED').length ?? 0;
  return (
    <Card title={t('docReport.title')} id="document-report">
      <div data-testid="document-report" className="stack">
        {error && (
          <Alert
            tone="danger"
            action={
              <Button size="sm" icon="refresh" onClick={() => void load()}>
                {t('docReport.retry')}
              </Button>
            }
          >
            {t('docReport.loadFailed', { error })}
          </Alert>
        )}
        {files === null ? (
          !error && <Loading label={t('common.loading')} />
        ) : files.length === 0 ? (
          <p className="muted">{t('docReport.empty')}</p>
        ) : (
          <>
            {failed > 0 && <Alert tone="danger">{tn('docReport.failedSummary', failed)}</Alert>}
            <ul className="list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {files.map((f) => {
                const problem = problemText(f);
                const advice = adviceFor(f, failed > 0);
                return (
                  <li key={f.name} className="list-item" style={{ alignItems: 'flex-start' }} data-testid="document-row">
                    <div className="stack" style={{ flex: 1, gap: 2, minWidth: 0 }}>
                      <strong style={{ overflowWrap: 'anywhere' }}>{f.name === '.' ? t('docReport.folder') : f.file_name}</strong>
                      <span className="faint" style={{ fontSize: 12.5 }}>
                        {[
                          f.source === 'UPLOAD' ? t('docReport.upload') : f.name.includes('/') ? f.name : null,
                          f.format,
                          f.status === 'IMPORTED' ? tn('docReport.transactions', f.transactions) : null,
                          f.import_date ? relative(f.import_date) : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                      {problem && f.status !== 'SKIPPED' && (
                        <span
                          style={{
                            // rows left out of an imported file are a warning; a file not imported is a failure
                            color: f.status === 'IMPORTED' ? 'var(--warning)' : 'var(--negative)',
                            overflowWrap: 'anywhere',
                          }}
                        >
                          {problem}
                        </span>
                      )}
                      {advice && <span className="muted">{t(advice)}</span>}
                    </div>
                    <Badge tone={TONE[f.status]}>{t(`docReport.status.${f.status}` as MessageKey)}</Badge>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </Card>
  );
}
