import { useMemo } from 'react';
import type { Account, Summary } from '../../lib/api';
import { currenciesApi } from '../../lib/api/currencies';
import { useT, type I18n } from '../../lib/i18n';
import { useAsync } from '../common/useAsync';

/** A rate's day (YYYY-MM-DD) in the person's language. */
const dayOf = (i18n: I18n, date: string) => i18n.day(Date.parse(`${date}T12:00:00Z`) / 1000);

/** "1 USD = 0.94652 EUR, rate of 3 Mar 2017" for each currency converted: what the total's hover tells. */
function ratesHint(i18n: I18n, summary: Summary): string {
  const digits = new Intl.NumberFormat(i18n.lang, { maximumSignificantDigits: 6 });
  const seen = new Set<string>([summary.currency]);
  const lines: string[] = [];
  for (const a of summary.accounts) {
    if (seen.has(a.currency) || a.rate === undefined || a.rate_date === undefined) continue;
    seen.add(a.currency);
    lines.push(i18n.t('currencies.rateHint', { from: a.currency, rate: digits.format(a.rate), to: summary.currency, date: dayOf(i18n, a.rate_date) }));
  }
  return lines.join('\n');
}

/**
 * The counted accounts' total in the reporting currency, when they hold more than one currency: each
 * account's own amount is shown beside it in the balances, this adds them up at the day's rates (the rates
 * and their day on hover). A currency with no rate is said, never counted as if 1:1.
 */
export function ReportingTotal({ accounts }: { accounts: readonly Account[] }) {
  const i18n = useT();
  const { t, money } = i18n;
  const currencies = useMemo(() => [...new Set(accounts.map((a) => a.currency))].sort().join(','), [accounts]);
  const key = `${currencies}|${accounts.map((a) => a.balance).join(',')}`;
  const several = currencies.includes(',');
  const { data } = useAsync(() => (several ? currenciesApi.summary() : Promise.resolve(null)), [key]);
  if (!several || !data) return null;
  const dates = data.accounts.flatMap((a) => (a.rate_date && a.currency !== data.currency ? [a.rate_date] : []));
  const oldest = dates.sort()[0];
  return (
    <div className="stack" style={{ gap: 2, marginTop: 8 }} data-testid="reporting-total">
      <div className="stat-sub" title={ratesHint(i18n, data)}>
        {t('currencies.totalIn', { currency: data.currency })}{' '}
        <strong className="num">{money(data.net_worth, data.currency)}</strong>
      </div>
      {oldest && <div className="stat-sub muted">{t('currencies.ratesOf', { date: dayOf(i18n, oldest) })}</div>}
      {data.missing_rates.map((c) => (
        <div key={c} className="stat-sub" role="note" style={{ color: 'var(--warning)' }} data-testid="missing-rate">
          {t('currencies.noRate', { currency: c })}
        </div>
      ))}
    </div>
  );
}
