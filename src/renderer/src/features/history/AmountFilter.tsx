import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useT, type MessageKey } from '../../lib/i18n';
import { amountSize, MONEY_DIRECTIONS, type MoneyDirection } from '../../lib/tx-filter';
import { useStore } from '../../store';

/**
 * The amount part of the filter bar: which way the money went (in, out, both) and the bounds of its size.
 * A bound that is not an amount ("abc") is said so under its field, in a bubble that takes no room of the
 * bar (the bar and the table do not move), and filters nothing.
 */
export function AmountFilter() {
  const { t } = useT();
  const filter = useStore((s) => s.filter);
  const setFilter = useStore((s) => s.setFilter);
  return (
    <>
      <select
        className="select input input-sm"
        style={{ width: 'auto' }}
        aria-label={t('hfilter.direction')}
        value={filter.direction ?? ''}
        onChange={(e) => setFilter({ direction: e.target.value as MoneyDirection })}
        data-testid="filter-direction"
      >
        {MONEY_DIRECTIONS.map((d) => (
          <option key={d || 'both'} value={d}>
            {t(`hfilter.direction.${d || 'both'}` as MessageKey)}
          </option>
        ))}
      </select>
      <AmountBound
        label={t('history.amountMin')}
        value={filter.minAmount}
        onChange={(minAmount) => setFilter({ minAmount })}
        testId="filter-min"
      />
      <AmountBound
        label={t('history.amountMax')}
        value={filter.maxAmount}
        onChange={(maxAmount) => setFilter({ maxAmount })}
        testId="filter-max"
      />
    </>
  );
}

function AmountBound({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  testId: string;
}) {
  const { t } = useT();
  const id = useId();
  const invalid = Number.isNaN(amountSize(value));
  const bubble = useRef<HTMLSpanElement>(null);
  // The bubble starts under the field and goes right; near the window's right edge it goes left instead.
  const [leftward, setLeftward] = useState(false);
  useLayoutEffect(() => {
    if (!invalid) return setLeftward(false);
    const box = bubble.current?.getBoundingClientRect();
    if (box && !leftward && box.right > document.documentElement.clientWidth - 8) setLeftward(true);
  }, [invalid, value, leftward]);
  return (
    <span className="filter-field">
      <input
        className="input input-sm"
        style={{ width: 110 }}
        inputMode="decimal"
        placeholder={label}
        aria-label={label}
        title={t('hfilter.amountHint')}
        value={value}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
      {invalid && (
        <span
          ref={bubble}
          id={`${id}-error`}
          className={`filter-field-error${leftward ? ' leftward' : ''}`}
          role="alert"
          data-testid={`${testId}-error`}
        >
          {t('hfilter.notAmount', { text: value.trim() })}
        </span>
      )}
    </span>
  );
}
