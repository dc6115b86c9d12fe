import { useT, type MessageKey } from '../../lib/i18n';
import { PERIOD_KINDS, type Period } from '../../lib/periods';

/** The charts' period: 1M, 3M, 1Y, All or a custom range (two days, both included). */
export function PeriodPicker({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  const { t } = useT();
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
          <label className="row faint" style={{ gap: 6, fontSize: 12.5 }}>
            {t('dashboard.period.from')}
            <input
              className="input input-sm"
              type="date"
              style={{ width: 140 }}
              value={value.customFrom ?? ''}
              onChange={(e) => onChange({ ...value, customFrom: e.target.value })}
            />
          </label>
          <label className="row faint" style={{ gap: 6, fontSize: 12.5 }}>
            {t('dashboard.period.to')}
            <input
              className="input input-sm"
              type="date"
              style={{ width: 140 }}
              value={value.customTo ?? ''}
              onChange={(e) => onChange({ ...value, customTo: e.target.value })}
            />
          </label>
        </div>
      )}
    </div>
  );
}
