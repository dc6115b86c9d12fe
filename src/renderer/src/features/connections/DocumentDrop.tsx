import { useRef, useState, type DragEvent } from 'react';
import { connectionsApi } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useStore } from '../../store';
import { Button, Card, toast } from '../../ui';
import { errorMessage } from '../common/errors';

/**
 * For a DOCUMENT connection: drop statement files (or pick them) to import them now, through
 * POST /connections/{id}/documents. Progress then shows like any synchronization.
 */
export function DocumentDrop({ connectionId }: { connectionId: string }) {
  const i18n = useT();
  const { t } = i18n;
  const markRunning = useStore((s) => s.markRunning);
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const send = async (files: FileList | File[]) => {
    for (const file of Array.from(files)) {
      setBusy(file.name);
      try {
        await connectionsApi.uploadDocument(connectionId, file);
        markRunning(connectionId);
        toast.success(t('documents.sent', { name: file.name }));
      } catch (error) {
        toast.error(t('documents.failed', { name: file.name, error: errorMessage(i18n, error) }));
      }
    }
    setBusy(null);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (event.dataTransfer.files.length) void send(event.dataTransfer.files);
  };

  return (
    <Card title={t('documents.title')}>
      <div
        className={`drop-zone${over ? ' drop-zone-over' : ''}`}
        data-testid="document-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <span>{busy ? t('documents.uploading', { name: busy }) : t('documents.drop')}</span>
        <Button size="sm" icon="plus" busy={busy !== null} onClick={() => input.current?.click()}>
          {t('documents.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label={t('documents.choose')}
          data-testid="document-input"
          accept=".ofx,.qfx,.qif,.csv,.tsv,.xml,.camt,.052,.053,.054,.sta,.mt940,.940,.942,.swi,.txt"
          onChange={(e) => {
            if (e.target.files?.length) void send(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
    </Card>
  );
}
