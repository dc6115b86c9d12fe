import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { currenciesApi } from '../../lib/api/currencies';
import { useT, type I18n } from '../../lib/i18n';
import { useStore } from '../../store';
import { Alert, Button, Card, SelectField, toast } from '../../ui';
import { errorMessage } from '../common/errors';
import { useAsync } from '../common/useAsync';

/** Currencies offered besides those of the person's accounts. */
const COMMON = ['EUR', 'USD', 'GBP', 'CHF', 'JPY', 'CAD', 'AUD', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK'];
const DAY = 86_400;

/** The rates' day and how old it is: "Rates of 27 Nov 2026 (2 days ago)". */
function ratesAge(i18n: I18n, date: string): string {
  const seconds = Date.parse(`${date}T12:00:00Z`) / 1000;
  const days = Math.max(0, Math.floor((Date.now() / 1000 - seconds + DAY / 2) / DAY));
  const age = new Intl.RelativeTimeFormat(i18n.lang, { numeric: 'auto' }).format(-days, 'day');
  return i18n.t('currencies.ratesAge', { date: i18n.day(seconds), age });
}

/** Settings → Currencies: the currency totals are shown in, and the exchange rates' day with "refresh now". */
export default function CurrencySettings() {
  const i18n = useT();
  const { t } = i18n;
  const accounts = useStore((s) => s.accounts);
  const reporting = useAsync(() => currenciesApi.reportingCurrency(), []);
  const latest = useAsync(
    () => currenciesApi.latestRate().catch((err) => (err instanceof ApiError && err.status === 404 ? null : Promise.reject(err))),
    [],
  );
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const choices = [...new Set([...accounts.map((a) => a.currency), ...COMMON])].sort();

  const choose = async (value: string) => {
    try {
      await currenciesApi.setReportingCurrency(value === '' ? null : value);
      reporting.setData(value === '' ? null : value);
      toast.success(value === '' ? t('currencies.savedAutomatic') : t('currencies.saved', { currency: value }));
    } catch (err) {
      toast.error(errorMessage(i18n, err));
    }
  };

  const refresh = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await currenciesApi.refresh();
      if (!result.ok || !result.latest_rate_date) setProblem(t('currencies.refreshFailed'));
      else toast.success(t('currencies.refreshed', { date: i18n.day(Date.parse(`${result.latest_rate_date}T12:00:00Z`) / 1000) }));
      latest.reload();
    } catch (err) {
      setProblem(errorMessage(i18n, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="stack-lg">
      <Card title={t('currencies.totals')} id="reporting-currency">
        <div className="stack" style={{ maxWidth: 420 }}>
          <SelectField
            label={t('currencies.reporting')}
            hint={t('currencies.reportingHint')}
            value={reporting.data ?? ''}
            disabled={reporting.loading && reporting.data === undefined}
            onChange={(e) => void choose(e.target.value)}
            data-testid="reporting-currency"
          >
            <option value="">{t('currencies.automatic')}</option>
            {choices.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
        </div>
      </Card>
      <Card title={t('currencies.rates')} id="exchange-rates">
        <div className="stack">
          <p className="muted">{t('currencies.ratesIntro')}</p>
          {latest.data !== undefined && (
            <p data-testid="rates-age">{latest.data ? ratesAge(i18n, latest.data.rate_date) : t('currencies.noRates')}</p>
          )}
          {problem && <Alert tone="warning">{problem}</Alert>}
          <div>
            <Button onClick={() => void refresh()} busy={busy}>
              {t('currencies.refresh')}
            </Button>
          </div>
        </div>
      </Card>
    </div>
  );
}
