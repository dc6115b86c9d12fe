import { useEffect, useId, useState } from 'react';
import { useT } from '../../lib/i18n';
import { readAmount } from './amount-input';

/**
 * The amount assigned (or planned) to a category, typed in place: saved on Enter or when the field is left,
 * Escape puts back the saved amount. A text that is no amount, or a negative plan, is said under the field
 * and nothing is sent.
 */
export function AssignCell({
  value,
  label,
  allowNegative,
  onSave,
}: {
  value: number;
  label: string;
  allowNegative: boolean;
  onSave(amount: number): Promise<void>;
}) {
  const { t, lang } = useT();
  const id = useId();
  const shown = value === 0 ? '' : value.toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
  const [text, setText] = useState(shown);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setText(shown), [shown]);

  const commit = async () => {
    const amount = readAmount(text);
    if (Number.isNaN(amount)) return setProblem(t('budget.notAmount', { text }));
    if (amount < 0 && !allowNegative) return setProblem(t('budget.negativePlan'));
    setProblem(null);
    if (Math.round(amount * 100) !== Math.round(value * 100)) await onSave(amount);
  };

  return (
    <span className="budget-assign">
      <input
        className="input input-sm num"
        inputMode="decimal"
        aria-label={label}
        value={text}
        placeholder="0"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => void commit()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void commit();
          if (e.key === 'Escape') {
            setText(shown);
            setProblem(null);
          }
        }}
        data-testid="budget-assign"
      />
      {problem && (
        <span id={`${id}-error`} role="alert" className="budget-assign-error" data-testid="budget-assign-error">
          {problem}
        </span>
      )}
    </span>
  );
}
