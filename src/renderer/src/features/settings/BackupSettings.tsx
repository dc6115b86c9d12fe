import { useState } from 'react';
import { adminApi, ApiError, type Backup } from '../../lib/api';
import { useT, type I18n } from '../../lib/i18n';
import { Alert, Badge, Button, Card, ConfirmDialog, EmptyState, Loading, Table, toast } from '../../ui';
import { errorMessage } from '../common/errors';
import { useAsync } from '../common/useAsync';
import { AdminError } from './AdminGate';
import { RestoreCodeField, restoreCodeError } from './RestoreCodeField';

/** A file size in the person's language (kB under a megabyte, MB above, one decimal). */
function size(i18n: I18n, bytes: number): string {
  const unit = bytes < 1_000_000 ? ('kilobyte' as const) : ('megabyte' as const);
  const value = bytes / (unit === 'kilobyte' ? 1_000 : 1_000_000);
  return new Intl.NumberFormat(i18n.lang, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

/** What a refused backup action means, in the person's words. */
function backupError(i18n: I18n, err: unknown): string {
  const aboutCode = restoreCodeError(i18n, err);
  if (aboutCode) return aboutCode;
  if (err instanceof ApiError && err.status === 503 && /^the disk is full/.test(err.description)) return i18n.t('backups.diskFull');
  if (err instanceof ApiError && err.status === 400 && err.code === 'invalid_request') return i18n.t('backups.damaged');
  if (err instanceof ApiError && err.status === 409) return i18n.t('backups.busy');
  return errorMessage(i18n, err);
}

type Pending = { kind: 'restore' | 'delete'; backup: Backup };

/** Settings → Backups (the owner): the list, "Back up now", Delete and Restore, each asked first. */
export default function BackupSettings() {
  const i18n = useT();
  const { t, dateTime } = i18n;
  const list = useAsync(() => adminApi.backups(), []);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState<'backup' | 'restore' | 'delete' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [code, setCode] = useState('');

  const run = async (kind: 'backup' | 'restore' | 'delete', action: () => Promise<string>) => {
    setBusy(kind);
    setProblem(null);
    try {
      toast.success(await action());
      setPending(null);
      list.reload();
    } catch (err) {
      setPending(null);
      setProblem(backupError(i18n, err));
    } finally {
      setBusy(null);
    }
  };
  const backUp = () => run('backup', async () => (await adminApi.backUp(), t('backups.made')));
  const confirm = (p: Pending) =>
    p.kind === 'delete'
      ? run('delete', async () => (await adminApi.deleteBackup(p.backup.id), t('backups.deleted')))
      : run('restore', async () => {
          await adminApi.restoreBackup(p.backup.id, code.trim() || undefined);
          // Every screen keeps what it read before: the whole app starts again on the restored data.
          window.location.reload();
          return t('backups.restored', { date: dateTime(p.backup.creation_date) });
        });

  const date = pending ? dateTime(pending.backup.creation_date) : '';
  return (
    <Card
      title={t('settings.backups')}
      id="backups"
      actions={
        <Button
          icon="plus"
          variant="primary"
          busy={busy === 'backup'}
          disabled={busy !== null}
          onClick={() => void backUp()}
        >
          {t('backups.now')}
        </Button>
      }
    >
      <ConfirmDialog
        open={pending !== null}
        onClose={() => busy === null && setPending(null)}
        title={t(pending?.kind === 'delete' ? 'backups.deleteTitle' : 'backups.restoreTitle', { date })}
        confirmLabel={t(pending?.kind === 'delete' ? 'backups.delete' : 'backups.restoreConfirm')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        icon={pending?.kind === 'delete' ? 'trash' : 'refresh'}
        busy={busy === 'restore' || busy === 'delete'}
        onConfirm={() => pending && void confirm(pending)}
      >
        <p>{t(pending?.kind === 'delete' ? 'backups.deleteBody' : 'backups.restoreBody', { date })}</p>
        {pending?.kind === 'restore' && <RestoreCodeField value={code} onChange={setCode} />}
        {busy === 'restore' && <Alert>{t('backups.restoring')}</Alert>}
      </ConfirmDialog>
      <p className="muted" style={{ marginBottom: 16 }}>
        {t('backups.intro')}
      </p>
      {problem && (
        <div style={{ marginBottom: 16 }}>
          <Alert tone="danger">{problem}</Alert>
        </div>
      )}
      {list.loading && !list.data ? (
        <Loading label={t('common.loading')} />
      ) : list.error ? (
        <AdminError error={list.error} onRetry={list.reload} />
      ) : (
        <Table
          caption={t('settings.backups')}
          rows={list.data ?? []}
          rowKey={(b) => b.id}
          empty={<EmptyState icon="clock" title={t('backups.none')} />}
          columns={[
            { key: 'date', header: t('backups.col.date'), render: (b) => dateTime(b.creation_date) },
            {
              key: 'reason',
              header: t('backups.col.reason'),
              render: (b) => (
                <Badge tone={b.reason === 'MANUAL' ? 'accent' : 'neutral'}>{t(`backups.reason.${b.reason}`)}</Badge>
              ),
            },
            {
              key: 'size',
              header: t('backups.col.size'),
              align: 'right',
              render: (b) => <span className="num">{size(i18n, b.size)}</span>,
            },
            {
              key: 'actions',
              header: '',
              align: 'right',
              render: (b) => (
                <span style={{ display: 'inline-flex', gap: 8 }}>
                  <Button
                    size="sm"
                    icon="refresh"
                    disabled={busy !== null}
                    onClick={() => {
                      setCode('');
                      setPending({ kind: 'restore', backup: b });
                    }}
                  >
                    {t('backups.restore')}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    icon="trash"
                    disabled={busy !== null}
                    onClick={() => setPending({ kind: 'delete', backup: b })}
                  >
                    {t('backups.delete')}
                  </Button>
                </span>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
