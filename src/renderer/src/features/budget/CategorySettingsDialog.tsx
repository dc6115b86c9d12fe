import { useState } from 'react';
import { budgetApi, type BudgetStyle } from '../../lib/api';
import type { BudgetMonth } from '../../lib/api/types';
import { useT } from '../../lib/i18n';
import { Alert, Button, Checkbox, Dialog, SelectField, TextField } from '../../ui';
import { errorMessage } from '../common/errors';
import { formOf, targetOfForm, type TargetForm, type TargetKind } from './target-form';

type Line = BudgetMonth['groups'][number]['categories'][number];
const KINDS: TargetKind[] = ['NONE', 'MONTHLY', 'BY_DATE', 'AVERAGE'];

/** A category's carry choice (envelope style) and target, set in a form. */
export function CategorySettingsDialog({ line, style, onClose, onSaved }: { line: Line; style: BudgetStyle; onClose(): void; onSaved(): void }) {
  const i18n = useT();
  const { t, lang } = i18n;
  const [form, setForm] = useState<TargetForm>(() => formOf(line.target, lang));
  const [surplus, setSurplus] = useState(line.carry_surplus);
  const [deficit, setDeficit] = useState(line.carry_deficit);
  const [problem, setProblem] = useState<{ text: string; field?: 'amount' | 'month' } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<TargetForm>) => setForm((f) => ({ ...f, ...patch }));

  const save = async () => {
    const read = targetOfForm(form);
    if ('problem' in read) return setProblem({ text: t(read.problem, { text: form.amount }), field: read.field });
    setBusy(true);
    setProblem(null);
    try {
      await budgetApi.setCategory(line.category_id, { carry_surplus: surplus, carry_deficit: deficit, target: read.target });
      onSaved();
    } catch (err) {
      setProblem({ text: errorMessage(i18n, err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      title={t('budget.settings', { category: line.label })}
      onClose={onClose}
      closeLabel={t('budget.cancel')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>{t('budget.cancel')}</Button>
          <Button variant="primary" busy={busy} onClick={() => void save()} data-testid="budget-settings-save">{t('budget.save')}</Button>
        </>
      }
    >
      <div className="stack" data-testid="budget-settings">
        <SelectField label={t('budget.target')} value={form.kind} onChange={(e) => set({ kind: e.target.value as TargetKind })} data-testid="budget-target-kind">
          {KINDS.map((k) => (
            <option key={k} value={k}>{k === 'NONE' ? t('budget.target.none') : t(`budget.target.${k}`)}</option>
          ))}
        </SelectField>
        {(form.kind === 'MONTHLY' || form.kind === 'BY_DATE') && (
          <TextField label={t('budget.target.amount')} inputMode="decimal" value={form.amount} onChange={(e) => set({ amount: e.target.value })} error={problem?.field === 'amount' ? problem.text : undefined} data-testid="budget-target-amount" />
        )}
        {form.kind === 'BY_DATE' && (
          <TextField label={t('budget.target.month')} placeholder="2027-05" value={form.month} onChange={(e) => set({ month: e.target.value })} error={problem?.field === 'month' ? problem.text : undefined} data-testid="budget-target-month" />
        )}
        {form.kind === 'AVERAGE' && (
          <SelectField label={t('budget.target.months')} value={form.months} onChange={(e) => set({ months: e.target.value as TargetForm['months'] })} data-testid="budget-target-months">
            {(['3', '6', '12'] as const).map((n) => (
              <option key={n} value={n}>{t('budget.target.monthsN', { count: n })}</option>
            ))}
          </SelectField>
        )}
        {style === 'ENVELOPE' ? (
          <>
            <Checkbox label={t('budget.carry.surplus')} checked={surplus} onChange={(e) => setSurplus(e.target.checked)} data-testid="budget-carry-surplus" />
            <Checkbox label={t('budget.carry.deficit')} checked={deficit} onChange={(e) => setDeficit(e.target.checked)} data-testid="budget-carry-deficit" />
          </>
        ) : (
          <p className="muted">{t('budget.carry.trackingNote')}</p>
        )}
        {problem && !problem.field && <Alert tone="warning">{problem.text}</Alert>}
      </div>
    </Dialog>
  );
}
