import { useRef, useState } from 'react';
import { ApiError, usersApi } from '../../lib/api';
import { useT, type I18n, type MessageKey } from '../../lib/i18n';
import { useStore } from '../../store';
import type { ImportAnswer } from '../../../core/api/generated/openapi-types';
import { Alert, Button, Card, toast } from '../../ui';
import { errorMessage } from '../common/errors';
import { useBusyAction } from '../common/use-busy-action';

/**
 * Why an import was refused, in the person's words: the engine's description is read only to tell apart the
 * refusals that share a code (a profile with data, a newer version, a file cut short, not an export at all).
 */
/** The refusals of an import recognised by their code and description, with the sentence each gets. */
const REFUSALS: ReadonlyArray<readonly [code: string, description: RegExp, key: MessageKey]> = [
  ['conflict', /./, 'dataTransfer.importHasData'],
  ['payload_too_large', /./, 'dataTransfer.tooLarge'],
  ['invalid_request', /newer version/, 'dataTransfer.importNewer'],
  ['invalid_request', /cut short/, 'dataTransfer.importTruncated'],
  ['invalid_request', /not a Coffer export|body is empty/, 'dataTransfer.importForeign'],
  ['invalid_request', /./, 'dataTransfer.importDamaged'],
];

function importRefusal(i18n: I18n, err: unknown): string {
  if (!(err instanceof ApiError)) return errorMessage(i18n, err);
  const known = REFUSALS.find(([code, description]) => code === err.code && description.test(err.description));
  return known ? i18n.t(known[2]) : errorMessage(i18n, err);
}

function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Settings → General: "Export my data" downloads the coffer-export document; "Import" reads one into this
 * profile when it is empty. A profile with connections says before anything is sent why an import is refused
 * and what to do instead (a new profile); the engine refuses it too.
 */
export function DataTransferSettings() {
  const i18n = useT();
  const { t, tn } = i18n;
  const connections = useStore((s) => s.connections.length);
  const loadAll = useStore((s) => s.loadAll);
  const exporting = useBusyAction();
  const [importing, setImporting] = useState(false);
  const [importError, setImportError] = useState<string | null>(null);
  const [imported, setImported] = useState<ImportAnswer['imported'] | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const exportData = () =>
    exporting.run(async () => {
      const text = await usersApi.exportMe();
      const name = `coffer-export-${new Date().toISOString().slice(0, 10)}.json`;
      download(text, name);
      toast.success(t('dataTransfer.exported', { file: name }));
    });

  const importFile = async (file: File) => {
    setImporting(true);
    setImportError(null);
    setImported(null);
    try {
      setImported((await usersApi.importMe(file)).imported);
      await loadAll();
    } catch (err) {
      setImportError(importRefusal(i18n, err));
    } finally {
      setImporting(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <Card title={t('dataTransfer.title')} id="your-data">
      <div className="stack" style={{ maxWidth: 620 }}>
        <p className="muted">{t('dataTransfer.intro')}</p>
        <div className="row">
          <Button icon="download" busy={exporting.busy} onClick={() => void exportData()}>
            {t('dataTransfer.export')}
          </Button>
          <Button icon="folder" busy={importing} disabled={connections > 0} onClick={() => fileInput.current?.click()}>
            {t('dataTransfer.import')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            hidden
            data-testid="import-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void importFile(file);
            }}
          />
        </div>
        {exporting.error && <Alert tone="danger">{exporting.error}</Alert>}
        {imported && (
          <Alert tone="success">
            {t('dataTransfer.imported', {
              connections: tn('leaving.connections', imported.connections ?? 0),
              accounts: tn('connections.accounts', imported.accounts ?? 0),
              transactions: tn('connections.transactions', imported.transactions ?? 0),
            })}
          </Alert>
        )}
        {connections > 0 && !imported ? (
          <Alert>{t('dataTransfer.hasData', { connections: tn('leaving.connections', connections) })}</Alert>
        ) : (
          !imported && <p className="muted">{t('dataTransfer.importHint')}</p>
        )}
        {importError && <Alert tone="danger">{importError}</Alert>}
      </div>
    </Card>
  );
}
