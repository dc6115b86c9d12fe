import { useEffect, useState } from 'react';
import type { Payee } from '../../lib/api/types';
import { useT, type I18n } from '../../lib/i18n';
import { useStore } from '../../store';
import { Alert, Button, Card, ConfirmDialog, EmptyState, Table, type Column } from '../../ui';
import { MergeDialog, RenameInline, useLedgerAction } from './ledger-actions';
import { usePayees } from './use-payees';

const NAME_MAX = 80;

/** Settings → Categories and payees: the person's payees with their counts, renamed, merged, deleted. */
export function PayeesList() {
  const { t, number } = useT();
  const { payees, load, rename, merge, remove } = usePayees();
  const bumpTransactions = useStore((s) => s.bumpTransactions);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [merging, setMerging] = useState<Payee | null>(null);
  const [deleting, setDeleting] = useState<Payee | null>(null);
  const action = useLedgerAction({ taken: 'payees.taken', failed: 'payees.failed' });
  useEffect(() => void load(true), [load]);

  const saveName = async (p: Payee, name: string) => {
    if (!name.trim() || [...name.trim()].length > NAME_MAX) return action.setProblem(t('payees.nameEmpty'));
    const done = await action.run(
      `rename-${p.id}`,
      async () => (await rename(p.id, name), bumpTransactions(), t('payees.renamed')),
    );
    if (done) setRenaming(null);
  };
  const mergeInto = async (p: Payee, intoId: string) => {
    const done = await action.run('merge', async () => {
      const moved = await merge(p.id, intoId);
      bumpTransactions();
      return t('payees.merged', { name: p.name, count: number(moved) });
    });
    if (done) setMerging(null);
  };
  const confirmDelete = async (p: Payee) => {
    await action.run('delete', async () => (await remove(p.id), bumpTransactions(), t('payees.deleted')));
    setDeleting(null);
  };

  return (
    <Card title={t('payees.title')} id="payees" data-testid="payees">
      <p className="muted" style={{ marginBottom: 16 }}>
        {t('payees.intro')}
      </p>
      {action.problem && !merging && (
        <div style={{ marginBottom: 16 }}>
          <Alert tone="warning">{action.problem}</Alert>
        </div>
      )}
      <MergeDialog
        key={merging?.id ?? ''}
        name={merging?.name ?? null}
        choices={payees
          .filter((p) => p.id !== merging?.id)
          .map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        words={{
          title: 'payees.mergeTitle',
          body: 'payees.mergeBody',
          into: 'payees.mergeInto',
          confirm: 'payees.mergeConfirm',
        }}
        busy={action.busy === 'merge'}
        error={merging ? action.problem : null}
        onMerge={(into) => merging && void mergeInto(merging, into)}
        onClose={() => (setMerging(null), action.setProblem(null))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => action.busy === null && setDeleting(null)}
        title={t('payees.deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('payees.delete')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        icon="trash"
        busy={action.busy === 'delete'}
        onConfirm={() => deleting && void confirmDelete(deleting)}
      >
        <p>{t('payees.deleteBody')}</p>
      </ConfirmDialog>
      <Table
        caption={t('payees.title')}
        rows={payees}
        rowKey={(p) => p.id}
        empty={
          <EmptyState icon="wallet" title={t('payees.none')}>
            {t('payees.noneHint')}
          </EmptyState>
        }
        columns={payeeColumns({
          t,
          number,
          renaming,
          setRenaming,
          busy: action.busy,
          saveName,
          merge: (p) => (action.setProblem(null), setMerging(p)),
          remove: setDeleting,
          single: payees.length < 2,
        })}
      />
    </Card>
  );
}

/** The columns of the payees: the name (or its rename field), the count, the actions. */
function payeeColumns(o: {
  t: I18n['t'];
  number: I18n['number'];
  renaming: string | null;
  setRenaming: (id: string | null) => void;
  busy: string | null;
  saveName: (p: Payee, name: string) => Promise<void>;
  merge: (p: Payee) => void;
  remove: (p: Payee) => void;
  /** Only one payee: nothing to merge it into. */
  single: boolean;
}): Column<Payee>[] {
  const { t, number, renaming, setRenaming, busy, saveName, merge, remove, single } = o;
  return [
    {
      key: 'name',
      header: t('payees.col.name'),
      render: (p) =>
        renaming === p.id ? (
          <RenameInline
            initial={p.name}
            label={t('payees.renameLabel', { name: p.name })}
            busy={busy === `rename-${p.id}`}
            onSave={(name) => void saveName(p, name)}
            onCancel={() => setRenaming(null)}
          />
        ) : (
          <span data-testid="payee-name">{p.name}</span>
        ),
    },
    {
      key: 'count',
      header: t('payees.col.count'),
      align: 'right',
      render: (p) => <span className="num">{number(p.transaction_count)}</span>,
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      render: (p) => (
        <span style={{ display: 'inline-flex', gap: 8, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Button
            size="sm"
            icon="edit"
            disabled={busy !== null}
            onClick={() => setRenaming(p.id)}
            aria-label={`${t('payees.rename')} ${p.name}`}
          >
            {t('payees.rename')}
          </Button>
          <Button
            size="sm"
            icon="check"
            disabled={busy !== null || single}
            onClick={() => merge(p)}
            aria-label={`${t('payees.merge')} ${p.name}`}
          >
            {t('payees.merge')}
          </Button>
          <Button
            size="sm"
            variant="danger"
            icon="trash"
            disabled={busy !== null}
            onClick={() => remove(p)}
            aria-label={`${t('payees.delete')} ${p.name}`}
          >
            {t('payees.delete')}
          </Button>
        </span>
      ),
    },
  ];
}
