import { useState, type FormEvent } from 'react';
import { operationsApi, type BulkEditBody } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useStore } from '../../store';
import { Alert, Button, SelectField, TextField } from '../../ui';
import { errorMessage } from '../common/errors';
import { CategoryOptions } from './CategoryOptions';
import { usePickedRows } from './picked-rows';
import { editProblem, parseTags } from './tags';
import { toastWithUndo } from './undo';

/**
 * The bulk edit of the rows picked in the history: set their category or their tags, or add a note, as one
 * change the toast can undo. Shown while rows are picked.
 */
export function BulkEditBar({ view }: { view: Int32Array }) {
  const i18n = useT();
  const { t, tn, number } = i18n;
  const categories = useStore((s) => s.categories);
  const refreshRows = useStore((s) => s.refreshRows);
  const { ids, all, clear } = usePickedRows();
  const [category, setCategory] = useState('');
  const [tagsText, setTagsText] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (ids.size === 0) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const tags = parseTags(tagsText);
    const invalid = editProblem(note, tags);
    if (invalid) return setProblem(t(invalid.key, { tag: invalid.tag ?? '' }));
    const body: BulkEditBody = { transaction_ids: [...ids] };
    if (category) body.category_id = category;
    if (tags.length) body.tags = tags;
    if (note.trim()) body.add_note = note.trim();
    if (Object.keys(body).length === 1) return setProblem(t('ledger.bulkNothing'));
    setBusy(true);
    setProblem(null);
    try {
      const { updated, operation } = await operationsApi.bulkEdit(body);
      await refreshRows(body.transaction_ids);
      toastWithUndo(i18n, tn('ledger.bulkDone', updated), operation);
      clear();
    } catch (err) {
      setProblem(t('ledger.bulkFailed', { message: errorMessage(i18n, err) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card bulk-bar" onSubmit={submit} data-testid="bulk-bar">
      <div className="row" style={{ gap: 'var(--space-2)', alignItems: 'center', flexWrap: 'wrap' }}>
        <strong data-testid="bulk-count">{tn('ledger.selected', ids.size)}</strong>
        {view.length > ids.size && (
          <Button size="sm" onClick={() => all(view)} data-testid="bulk-select-all">
            {t('ledger.selectAll', { count: number(view.length) })}
          </Button>
        )}
        <Button size="sm" variant="ghost" icon="x" onClick={clear}>
          {t('ledger.clearSelection')}
        </Button>
      </div>
      <div className="row bulk-fields" style={{ gap: 'var(--space-2)', alignItems: 'flex-end', flexWrap: 'wrap' }}>
        <SelectField label={t('ledger.bulkCategory')} value={category} onChange={(e) => setCategory(e.target.value)} data-testid="bulk-category">
          <option value="">—</option>
          <CategoryOptions categories={categories} />
        </SelectField>
        <TextField label={t('ledger.bulkTags')} value={tagsText} onChange={(e) => setTagsText(e.target.value)} data-testid="bulk-tags" />
        <TextField label={t('ledger.bulkNote')} value={note} onChange={(e) => setNote(e.target.value)} data-testid="bulk-note" />
        <Button type="submit" variant="primary" icon="save" busy={busy} data-testid="bulk-apply">
          {t('ledger.bulkApply')}
        </Button>
      </div>
      {problem && <Alert tone="warning">{problem}</Alert>}
    </form>
  );
}
