import { useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n';
import { useStore } from '../../store';
import { Alert, Button, SelectField, TextField } from '../../ui';
import { CategoryOptions } from './CategoryOptions';

/** The words and the category of a rule, checked as the engine does (2 to 100 characters after trimming). */
export function RuleForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  testId,
}: {
  initial?: { pattern: string; category: string };
  submitLabel: string;
  /** Resolves to an error message to show, or null when done. */
  onSubmit: (pattern: string, category: string) => Promise<string | null>;
  onCancel?: () => void;
  testId: string;
}) {
  const { t } = useT();
  const categories = useStore((s) => s.categories);
  const [pattern, setPattern] = useState(initial?.pattern ?? '');
  const [category, setCategory] = useState(initial?.category ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const words = pattern.trim();
    if (words.length < 2 || words.length > 100) return setProblem(t('rules.patternInvalid'));
    setBusy(true);
    const error = await onSubmit(words, category || categories[0]?.id || '');
    setBusy(false);
    setProblem(error);
    if (!error && !initial) setPattern('');
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
      {problem && <Alert tone="warning">{problem}</Alert>}
      <div className="row">
        <Button type="submit" variant="primary" busy={busy}>
          {submitLabel}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
      </div>
    </form>
  );
}
