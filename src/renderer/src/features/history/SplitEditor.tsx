import { useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n';
import { txTable } from '../../lib/tx-table';
import { useStore } from '../../store';
import { Alert, Button, SelectField, TextField, toast } from '../../ui';
import { errorMessage } from '../common/errors';
import { CategoryOptions } from './CategoryOptions';
import { checkSplit, currencyDecimals, draftsOf, leftToShare, type PartDraft, type SplitCheck } from './split-form';

/**
 * Splitting one transaction into parts (a receipt of groceries and pharmacy): each part a size, a category
 * and a note. The sign is the transaction's; the parts must add up to its amount exactly, which the form
 * shows as it is typed. Saved with PUT /transactions/{id}/splits; the charts then count the parts.
 */
export function SplitEditor({ id }: { id: string }) {
  const i18n = useT();
  const { t, money } = i18n;
  useStore((s) => s.txVersion);
  const i = txTable.indexOf(id);
  const amount = txTable.amounts[i];
  const currency = txTable.currencies[i];
  const stored = txTable.splits[i];
  const decimals = currencyDecimals(currency);
  const [drafts, setDrafts] = useState<PartDraft[] | null>(null);

  if (drafts === null) {
    return (
      <div className="stack" style={{ gap: 'var(--space-2)' }} data-testid="split-summary">
        <h3 className="stat-label" style={{ margin: 0 }}>
          {t('split.title')}
        </h3>
        {stored ? (
          <>
            <div>{t('split.summary', { count: stored.length })}</div>
            <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="split-parts">
              {stored.map((p, k) => (
                <li key={k}>
                  <span className="num">{money(p.amount, currency)}</span> · <CategoryName id={p.category_id} />
                  {p.note ? ` · ${p.note}` : ''}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <span className="hint">{t('split.hint')}</span>
        )}
        <div>
          <Button size="sm" icon="edit" onClick={() => setDrafts(draftsOf(stored, amount, txTable.categories[i], decimals))} data-testid="split-start">
            {stored ? t('split.change') : t('split.start')}
          </Button>
        </div>
      </div>
    );
  }
  return <SplitForm id={id} drafts={drafts} setDrafts={setDrafts} decimals={decimals} />;
}

function CategoryName({ id }: { id: string }) {
  const categories = useStore((s) => s.categories);
  return <>{categories.find((c) => c.id === id)?.label ?? id}</>;
}

function SplitForm({
  id,
  drafts,
  setDrafts,
  decimals,
}: {
  id: string;
  drafts: PartDraft[];
  setDrafts: (d: PartDraft[] | null) => void;
  decimals: number;
}) {
  const i18n = useT();
  const { t, money } = i18n;
  const categories = useStore((s) => s.categories);
  const saveSplits = useStore((s) => s.saveSplits);
  const i = txTable.indexOf(id);
  const amount = txTable.amounts[i];
  const currency = txTable.currencies[i];
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const left = leftToShare(drafts, amount, decimals);
  const change = (k: number, patch: Partial<PartDraft>) => setDrafts(drafts.map((d, j) => (j === k ? { ...d, ...patch } : d)));

  const save = async (parts: Parameters<typeof saveSplits>[1], done: string) => {
    setBusy(true);
    setProblem(null);
    try {
      await saveSplits(id, parts);
      toast.success(done);
      setDrafts(null);
    } catch (err) {
      setProblem(t('split.failed', { message: errorMessage(i18n, err) }));
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = checkSplit(drafts, amount, decimals);
    if (!check.ok) return setProblem(problemWords(check, t, (n) => money(n, currency), money(amount, currency)));
    void save(check.parts, t('split.saved'));
  };

  return (
    <form className="stack" style={{ gap: 'var(--space-3)' }} onSubmit={submit} data-testid="split-form">
      <h3 className="stat-label" style={{ margin: 0 }}>
        {t('split.title')}
      </h3>
      {drafts.map((d, k) => (
        <fieldset key={k} className="stack split-part" style={{ gap: 'var(--space-2)', border: '1px solid var(--border)', borderRadius: 8, padding: 'var(--space-2) var(--space-3)', margin: 0 }}>
          <legend className="stat-label">{t('split.part', { n: k + 1 })}</legend>
          <div className="row" style={{ gap: 'var(--space-2)', alignItems: 'flex-end', flexWrap: 'wrap' }}>
            <TextField label={t('split.amount')} inputMode="decimal" value={d.size} onChange={(e) => change(k, { size: e.target.value })} style={{ width: 110 }} data-testid={`split-amount-${k}`} />
            <SelectField label={t('split.category')} value={d.category} onChange={(e) => change(k, { category: e.target.value })} data-testid={`split-category-${k}`}>
              {!categories.some((c) => c.id === d.category) && <option value={d.category}>{d.category}</option>}
              <CategoryOptions categories={categories} />
            </SelectField>
            {drafts.length > 2 && (
              <Button type="button" variant="ghost" size="sm" icon="trash" iconOnly onClick={() => setDrafts(drafts.filter((_, j) => j !== k))}>
                {t('split.removePart', { n: k + 1 })}
              </Button>
            )}
          </div>
          <TextField label={t('split.note')} value={d.note} maxLength={200} onChange={(e) => change(k, { note: e.target.value })} data-testid={`split-note-${k}`} />
        </fieldset>
      ))}
      <div className="row" style={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 'var(--space-2)' }}>
        <Button type="button" size="sm" icon="plus" onClick={() => setDrafts([...drafts, { size: '', category: txTable.categories[i], note: '' }])} data-testid="split-add">
          {t('split.add')}
        </Button>
        <span className={left === 0 ? 'hint' : 'num'} aria-live="polite" data-testid="split-left">
          {left === 0 ? t('split.balanced') : left > 0 ? t('split.left', { amount: money(left, currency) }) : t('split.over', { amount: money(-left, currency) })}
        </span>
      </div>
      {problem && <Alert tone="warning">{problem}</Alert>}
      <div className="row" style={{ gap: 'var(--space-2)', flexWrap: 'wrap' }}>
        <Button type="submit" variant="primary" icon="save" busy={busy} data-testid="split-save">
          {t('split.save')}
        </Button>
        {txTable.splits[i] && (
          <Button type="button" icon="x" disabled={busy} onClick={() => void save([], t('split.removed'))} data-testid="split-remove">
            {t('split.remove')}
          </Button>
        )}
        <Button type="button" variant="ghost" disabled={busy} onClick={() => setDrafts(null)}>
          {t('split.cancel')}
        </Button>
      </div>
    </form>
  );
}

function problemWords(
  check: Exclude<SplitCheck, { ok: true }>,
  t: ReturnType<typeof useT>['t'],
  money: (n: number) => string,
  total: string,
): string {
  if (check.problem === 'tooFew') return t('split.tooFew');
  if (check.problem === 'badAmount') return t('split.badAmount', { n: check.part });
  return t(check.over ? 'split.offByOver' : 'split.offBy', { sum: money(check.sum), total, left: money(check.left) });
}
