import { useState, type FormEvent } from 'react';
import { categoriesApi } from '../../lib/api';
import type { Category } from '../../lib/api/types';
import { useT, type I18n } from '../../lib/i18n';
import { txTable } from '../../lib/tx-table';
import { useStore } from '../../store';
import { Alert, Badge, Button, Card, EmptyState, SelectField, Table, TextField, type Column } from '../../ui';
import { CategoryOptions } from '../history/CategoryOptions';
import { MergeDialog, RenameInline, useLedgerAction } from './ledger-actions';

const LABEL_MAX = 60;

/** The shipped top-level categories a category of the person's own may go under. */
const parentsOf = (categories: readonly Category[]) =>
  categories.filter((c) => !c.parent && !c.custom && c.id !== 'UNCATEGORIZED');

/** Settings → Categories and payees: the person's own categories, added, renamed, hidden or shown, merged. */
export function OwnCategories() {
  const { t, lang } = useT();
  const categories = useStore((s) => s.categories);
  const loadCategories = useStore((s) => s.loadCategories);
  const bumpTransactions = useStore((s) => s.bumpTransactions);
  const own = categories.filter((c) => c.custom);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [merging, setMerging] = useState<Category | null>(null);
  const action = useLedgerAction({ taken: 'ownCat.taken', failed: 'ownCat.failed' });

  const rename = async (c: Category, label: string) => {
    if (
      await action.run(
        `rename-${c.id}`,
        async () => (await categoriesApi.update(c.id, { label }), await loadCategories(), t('ownCat.renamed')),
      )
    )
      setRenaming(null);
  };
  const toggle = (c: Category) =>
    action.run(`hide-${c.id}`, async () => {
      await categoriesApi.update(c.id, { hidden: !c.hidden });
      await loadCategories();
      return t(c.hidden ? 'ownCat.shown' : 'ownCat.hidden', { name: c.label });
    });
  const merge = async (c: Category, intoId: string) => {
    const done = await action.run('merge', async () => {
      const { moved } = await categoriesApi.merge(c.id, intoId);
      txTable.applyBulk({ category: { from: c.id, to: intoId } });
      bumpTransactions();
      await loadCategories();
      return t('ownCat.merged', { name: c.label, count: String(moved) });
    });
    if (done) setMerging(null);
  };

  return (
    <Card title={t('ownCat.title')} id="own-categories" data-testid="own-categories">
      <p className="muted" style={{ marginBottom: 16 }}>
        {t('ownCat.intro')}
      </p>
      <NewCategoryForm parents={parentsOf(categories)} lang={lang} onAdded={loadCategories} />
      {action.problem && !merging && (
        <div style={{ margin: '16px 0' }}>
          <Alert tone="warning">{action.problem}</Alert>
        </div>
      )}
      <MergeDialog
        key={merging?.id ?? ''}
        name={merging?.label ?? null}
        choices={<CategoryOptions categories={categories.filter((c) => c.id !== merging?.id && !c.hidden)} />}
        words={{
          title: 'ownCat.mergeTitle',
          body: 'ownCat.mergeBody',
          into: 'ownCat.mergeInto',
          confirm: 'ownCat.mergeConfirm',
        }}
        busy={action.busy === 'merge'}
        error={merging ? action.problem : null}
        onMerge={(into) => merging && void merge(merging, into)}
        onClose={() => (setMerging(null), action.setProblem(null))}
      />
      <Table
        caption={t('ownCat.title')}
        rows={own}
        rowKey={(c) => c.id}
        empty={
          <EmptyState icon="list" title={t('ownCat.none')}>
            {t('ownCat.noneHint')}
          </EmptyState>
        }
        columns={ownCategoryColumns({
          t,
          renaming,
          setRenaming,
          busy: action.busy,
          rename,
          toggle,
          merge: (c) => (action.setProblem(null), setMerging(c)),
        })}
      />
    </Card>
  );
}

/** The columns of the person's categories: the name (or its rename field), the parent, the actions. */
function ownCategoryColumns(p: {
  t: I18n['t'];
  renaming: string | null;
  setRenaming: (id: string | null) => void;
  busy: string | null;
  rename: (c: Category, label: string) => Promise<void>;
  toggle: (c: Category) => Promise<boolean>;
  merge: (c: Category) => void;
}): Column<Category>[] {
  const { t, renaming, setRenaming, busy, rename, toggle, merge } = p;
  return [
    {
      key: 'name',
      header: t('ownCat.col.name'),
      render: (c) =>
        renaming === c.id ? (
          <RenameInline
            initial={c.label}
            label={t('ownCat.renameLabel', { name: c.label })}
            busy={busy === `rename-${c.id}`}
            onSave={(label) => void rename(c, label)}
            onCancel={() => setRenaming(null)}
          />
        ) : (
          <span data-testid="own-category-name">
            {c.label} {c.hidden && <Badge tone="neutral">{t('ownCat.hiddenBadge')}</Badge>}
          </span>
        ),
    },
    { key: 'parent', header: t('ownCat.col.parent'), render: (c) => <span className="muted">{c.parent?.label}</span> },
    {
      key: 'actions',
      header: '',
      align: 'right',
      render: (c) => (
        <span style={{ display: 'inline-flex', gap: 8, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Button
            size="sm"
            icon="edit"
            disabled={busy !== null}
            onClick={() => setRenaming(c.id)}
            aria-label={`${t('ownCat.rename')} ${c.label}`}
          >
            {t('ownCat.rename')}
          </Button>
          <Button
            size="sm"
            icon={c.hidden ? 'eye' : 'eyeOff'}
            busy={busy === `hide-${c.id}`}
            disabled={busy !== null}
            onClick={() => void toggle(c)}
            aria-label={`${t(c.hidden ? 'ownCat.show' : 'ownCat.hide')} ${c.label}`}
          >
            {t(c.hidden ? 'ownCat.show' : 'ownCat.hide')}
          </Button>
          <Button
            size="sm"
            icon="check"
            disabled={busy !== null}
            onClick={() => merge(c)}
            aria-label={`${t('ownCat.merge')} ${c.label}`}
          >
            {t('ownCat.merge')}
          </Button>
        </span>
      ),
    },
  ];
}

/** The name and the parent of a new category; the name is checked here first (1 to 60 characters). */
function NewCategoryForm({
  parents,
  lang,
  onAdded,
}: {
  parents: Category[];
  lang: string;
  onAdded: () => Promise<void>;
}) {
  const { t } = useT();
  const [label, setLabel] = useState('');
  const [parent, setParent] = useState(parents[0]?.id ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const action = useLedgerAction({ taken: 'ownCat.taken', failed: 'ownCat.failed' });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const name = label.trim();
    if (!name || [...name].length > LABEL_MAX) return setNameError(t('ownCat.nameEmpty'));
    setNameError(null);
    const done = await action.run('add', async () => {
      await categoriesApi.create({ label: name, parent_id: parent || parents[0].id }, lang);
      await onAdded();
      return t('ownCat.added', { name });
    });
    if (done) setLabel('');
  };
  return (
    <form
      className="own-category-form"
      style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--space-3)', alignItems: 'flex-start', marginBottom: 16 }}
      onSubmit={submit}
      data-testid="new-category"
    >
      <div style={{ flex: '2 1 240px' }}>
        <TextField
          label={t('ownCat.name')}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          error={nameError ?? action.problem ?? undefined}
          data-testid="new-category-name"
        />
      </div>
      <div style={{ flex: '1 1 200px' }}>
        <SelectField
          label={t('ownCat.parent')}
          value={parent || parents[0]?.id}
          onChange={(e) => setParent(e.target.value)}
          data-testid="new-category-parent"
        >
          {parents.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </SelectField>
      </div>
      {/* Level with the fields, under their labels, whether or not a field says a problem. */}
      <div style={{ paddingTop: 25 }}>
        <Button type="submit" variant="primary" icon="plus" busy={action.busy === 'add'}>
          {t('ownCat.add')}
        </Button>
      </div>
    </form>
  );
}
