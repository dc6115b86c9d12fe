import { useT, type MessageKey } from '../../lib/i18n';
import { PERIOD_KINDS, type Period } from '../../lib/periods';
import { DateField } from '../../ui';

/** The charts' period: 1M, 3M, 1Y, All or a custom range (two days, both included, typed in the app's language). */
export function PeriodPicker({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  const { t, lang } = useT();
  return (
    <div className="row row-wrap" style={{ gap: 12 }}>
      <div className="period-picker" role="group" aria-label={t('dashboard.period')}>
        {PERIOD_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            aria-pressed={value.kind === kind}
            onClick={() => onChange({ ...value, kind })}
            title={t(`dashboard.period.${kind}.long` as MessageKey)}
          >
            {t(`dashboard.period.${kind}` as MessageKey)}
          </button>
        ))}
      </div>
      {value.kind === 'CUSTOM' && (
        <div className="row row-wrap" style={{ gap: 12 }}>
          <DateField
            label={t('dashboard.period.from')}
            lang={lang}
            invalidText={t('date.invalid')}
            value={value.customFrom ?? ''}
            onChange={(customFrom) => onChange({ ...value, customFrom })}
          />
          <DateField
            label={t('dashboard.period.to')}
            lang={lang}
            invalidText={t('date.invalid')}
            value={value.customTo ?? ''}
            onChange={(customTo) => onChange({ ...value, customTo })}
          />
        </div>
      )}
    </div>
  );
}
