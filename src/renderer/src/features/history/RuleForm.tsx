import { useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n';
import { useStore } from '../../store';
import { Alert, Button, SelectField, TextField } from '../../ui';
import { CategoryOptions } from './CategoryOptions';
import { conditionFields, conditionsFrom, type RuleConditions } from './rule-conditions';
import { RulePreview } from './RulePreview';

/**
 * The words, the category and the conditions (money in or out, an amount range) of a rule, checked as the
 * engine does (words: 2 to 100 characters after trimming), with a preview of what it would change.
 */
export function RuleForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  testId,
}: {
  initial?: { pattern: string; category: string; conditions?: RuleConditions };
  submitLabel: string;
  /** Resolves to an error message to show, or null when done. */
  onSubmit: (pattern: string, category: string, conditions: RuleConditions | undefined) => Promise<string | null>;
  onCancel?: () => void;
  testId: string;
}) {
  const { t } = useT();
  const categories = useStore((s) => s.categories);
  const [pattern, setPattern] = useState(initial?.pattern ?? '');
  const [category, setCategory] = useState(initial?.category ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState(conditionFields(initial?.conditions));
  const [added, setAdded] = useState(0);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const words = pattern.trim();
    if (words.length < 2 || words.length > 100) return setProblem(t('rules.patternInvalid'));
    const conditions = conditionsFrom(fields, initial?.conditions);
    if (conditions === null) return setProblem(t('ledger.amountInvalid'));
    setBusy(true);
    const error = await onSubmit(words, category || categories[0]?.id || '', conditions);
    setBusy(false);
    setProblem(error);
    if (!error && !initial) {
      // Ready for the next rule: empty words and conditions, no preview of the one just added.
      setPattern('');
      setFields(conditionFields());
      setAdded((n) => n + 1);
    }
  };

  /** The rule as typed, for the preview; null (and the problem said) when it cannot be read yet. */
  const draft = () => {
    const words = pattern.trim();
    if (words.length < 2 || words.length > 100) return (setProblem(t('rules.patternInvalid')), null);
    const conditions = conditionsFrom(fields, initial?.conditions);
    if (conditions === null) return (setProblem(t('ledger.amountInvalid')), null);
    setProblem(null);
    return { pattern: words, category_id: category || categories[0]?.id || '', ...(conditions ? { conditions } : {}) };
  };

  return (
    <form className="stack" style={{ gap: 'var(--space-3)' }} onSubmit={submit} data-testid={testId}>
      <div className="rule-form-fields">
        <TextField
          label={t('rules.pattern')}
          hint={t('rules.patternHint')}
          value={pattern}
          maxLength={100}
          onChange={(e) => setPattern(e.target.value)}
          autoFocus={!!initial}
        />
        <SelectField
          label={t('rules.category')}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          required
        >
          {!initial && <option value="">—</option>}
          <CategoryOptions categories={categories} current={initial?.category} />
        </SelectField>
      </div>
      <div className="rule-form-fields">
        <SelectField label={t('ledger.ruleMoney')} value={fields.sign} onChange={(e) => setFields({ ...fields, sign: e.target.value as typeof fields.sign })} data-testid="rule-sign">
          <option value="">{t('ledger.ruleMoneyAny')}</option>
          <option value="DEBIT">{t('ledger.ruleMoneyOut')}</option>
          <option value="CREDIT">{t('ledger.ruleMoneyIn')}</option>
        </SelectField>
        <TextField label={t('ledger.ruleMin')} inputMode="decimal" value={fields.min} onChange={(e) => setFields({ ...fields, min: e.target.value })} data-testid="rule-min" />
        <TextField label={t('ledger.ruleMax')} hint={t('ledger.ruleAmountHint')} inputMode="decimal" value={fields.max} onChange={(e) => setFields({ ...fields, max: e.target.value })} data-testid="rule-max" />
      </div>
      {problem && <Alert tone="warning">{problem}</Alert>}
      <div className="row">
        <Button type="submit" variant="primary" busy={busy}>
          {submitLabel}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
      </div>
      <RulePreview key={added} draft={draft} />
    </form>
  );
}
