import { formatDayMonth } from '../../../core/i18n/format';
import { useT } from '../../lib/i18n';
import { errorMessage } from '../common/errors';
import { forecastDay, FORECAST_DAYS, type AccountForecast } from './use-account-forecast';

/**
 * What the forecast says in words under the chart: the first day the account would go below zero, or that it
 * stays above, or, when nothing is expected at all, how to get a forecast (confirm the recurring payments).
 */
export function ForecastNote({ name, forecast, error }: { name: string; forecast: AccountForecast | null | undefined; error: unknown }) {
  const i18n = useT();
  const { t, lang } = i18n;
  if (error) return <p className="faint" data-testid="forecast-note">{t('forecast.failed', { reason: errorMessage(i18n, error) })}</p>;
  if (!forecast) return null;
  const vars = { account: name, days: FORECAST_DAYS };
  const flat = forecast.points.every((p) => p.balance === forecast.balance);
  const first = forecast.points[0];
  let sentence: string;
  if (forecast.first_below_zero !== undefined && first && forecast.first_below_zero < first.date) {
    // Already below zero today: say when it comes back, if it does.
    const back = forecast.points.find((p) => p.balance >= 0);
    sentence = back
      ? t('forecast.belowZeroNowBack', { ...vars, date: formatDayMonth(lang, forecastDay(back.date)) })
      : t('forecast.belowZeroNow', vars);
  } else if (forecast.first_below_zero !== undefined) {
    sentence = t('forecast.belowZero', { ...vars, date: formatDayMonth(lang, forecastDay(forecast.first_below_zero)) });
  } else {
    sentence = t('forecast.stays', vars);
  }
  const below = forecast.first_below_zero !== undefined;
  return (
    <div data-testid="forecast-note" style={{ marginTop: 10 }}>
      <p style={{ margin: 0, fontWeight: below ? 600 : undefined, color: below ? 'var(--negative)' : undefined }}>{sentence}</p>
      <p className="faint" style={{ margin: '2px 0 0', fontSize: 12.5 }}>{flat ? t('forecast.noBasis') : t('forecast.basis')}</p>
    </div>
  );
}
