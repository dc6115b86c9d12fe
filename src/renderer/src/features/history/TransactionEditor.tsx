import { useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n';
import { txTable } from '../../lib/tx-table';
import { useStore } from '../../store';
import { Alert, Button, SelectField, TextField } from '../../ui';
import { operationsApi } from '../../lib/api';
import { errorMessage } from '../common/errors';
import { CategoryOptions } from './CategoryOptions';
import { BackToAutomatic } from './BackToAutomatic';
import { RuleOffer } from './RuleOffer';
import { PayeeField, payeeEdit } from '../ledger/PayeeField';
import { usePayees } from '../ledger/use-payees';
import { toastWithUndo } from './undo';
import { editProblem, parseTags } from './tags';
import type { TransactionEdit } from '../../lib/api';

/**
 * The person's changes to one transaction: its category, their own note (the bank's text stays as sent) and
 * tags. Only what changed is sent (PUT /transactions/{id}); the row is updated in place. After a category
 * correction, offers to make it a rule.
 */
export function TransactionEditor({ id }: { id: string }) {
  const i18n = useT();
  const { t } = i18n;
  const categories = useStore((s) => s.categories);
  const editTransaction = useStore((s) => s.editTransaction);
  const i = txTable.indexOf(id);
  const [category, setCategory] = useState(txTable.categories[i]);
  const [note, setNote] = useState(txTable.userNotes[i]);
  const [tagsText, setTagsText] = useState(txTable.tags[i].join(', '));
  const [payee, setPayee] = useState(txTable.payeeNames[i]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [offer, setOffer] = useState<{ category: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const tags = parseTags(tagsText);
    const invalid = editProblem(note, tags);
    if (invalid) return setProblem(t(invalid.key, { tag: invalid.tag ?? '' }));
    const edit: TransactionEdit = {};
    if (category !== txTable.categories[i]) edit.category_id = category;
    if (note.trim() !== txTable.userNotes[i]) edit.user_note = note.trim() || null;
    if (tags.join('\n') !== txTable.tags[i].join('\n')) edit.tags = tags;
    Object.assign(edit, payeeEdit(payee, txTable.payeeNames[i]));
    if (Object.keys(edit).length === 0) return setProblem(t('hedit.unchanged'));
    setBusy(true);
    setProblem(null);
    try {
      await editTransaction(id, edit);
      if (edit.payee_name !== undefined) void usePayees.getState().load(true);
      setTagsText(tags.join(', '));
      setNote(note.trim());
      setPayee(txTable.payeeNames[i]);
      const [operation] = await operationsApi.recent(1).catch(() => []);
      toastWithUndo(i18n, t('hedit.saved'), operation);
      if (edit.category_id) setOffer({ category: edit.category_id });
    } catch (err) {
      setProblem(t('hedit.failed', { message: errorMessage(i18n, err) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="stack" style={{ gap: 'var(--space-3)' }}>
      <form className="stack tx-editor" style={{ gap: 'var(--space-3)' }} onSubmit={submit} data-testid="tx-editor">
        <h3 className="stat-label" style={{ margin: 0 }}>
          {t('hedit.title')}
        </h3>
        <SelectField
          label={t('hedit.category')}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          data-testid="edit-category"
        >
          {!categories.some((c) => c.id === category) && <option value={category}>{category}</option>}
          <CategoryOptions categories={categories} current={txTable.categories[i]} />
        </SelectField>
        <PayeeField value={payee} onChange={setPayee} />
        <div className="field">
          <label htmlFor={`note-${id}`}>{t('hedit.note')}</label>
          <textarea
            id={`note-${id}`}
            className="input"
            rows={2}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-describedby={`note-${id}-hint`}
            data-testid="edit-note"
          />
          <span id={`note-${id}-hint`} className="hint">
            {t('hedit.noteHint')}
          </span>
        </div>
        <TextField
          label={t('hedit.tags')}
          hint={t('hedit.tagsHint')}
          value={tagsText}
          onChange={(e) => setTagsText(e.target.value)}
          data-testid="edit-tags"
        />
        {problem && <Alert tone="warning">{problem}</Alert>}
        <div className="row" style={{ gap: 'var(--space-2)', flexWrap: 'wrap' }}>
          <Button type="submit" variant="primary" icon="save" busy={busy}>
            {t('hedit.save')}
          </Button>
          {txTable.categorySources[i] === 'USER' && <BackToAutomatic id={id} onDone={(category) => setCategory(category)} />}
        </div>
      </form>
      {offer && (
        <RuleOffer
          key={offer.category}
          categoryId={offer.category}
          label={txTable.labels[i]}
          counterparty={txTable.counterparties[i]}
          onDone={() => setOffer(null)}
        />
      )}
    </div>
  );
}
