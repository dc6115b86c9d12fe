import { useEffect, useId, useMemo, useState } from 'react';
import { get } from '../lib/api';
import { errorText } from '../lib/errors';
import { countryName, useI18n } from '../lib/i18n';
import type { Provider } from '../lib/types';
import { Alert } from '../ui/Alert';
import { ChevronIcon, SearchIcon } from '../ui/Icons';
import { ProviderLogo } from '../ui/ProviderLogo';
import { Screen } from '../ui/Screen';
import { Spinner } from '../ui/Spinner';

/** Choose a provider: search by name (the API's q) and country (country_code). */
export function ProviderPicker({ onPick }: { onPick(provider: Provider): void }) {
  const { t, lng } = useI18n();
  const searchId = useId();
  const countryId = useId();
  const [q, setQ] = useState('');
  const [country, setCountry] = useState('');
  const [countries, setCountries] = useState<string[]>([]);
  const [results, setResults] = useState<Provider[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    get<Provider[]>('/v2/providers', { pagination: false, type: 'BANKING' }).then(
      (all) => setCountries([...new Set(all.map((p) => p.country_code))].sort()),
      () => {},
    );
  }, []);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      get<Provider[]>('/v2/providers', {
        q: q.trim() || undefined,
        country_code: country || undefined,
        type: 'BANKING',
        limit: 50,
      }).then(
        (list) => {
          if (!live) return;
          setResults(list.filter((p) => p.channel_definitions.some((d) => !d.unavailable)));
          setError(null);
        },
        (err) => live && setError(errorText(t, err)),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [q, country, t]);

  const countryOptions = useMemo(
    () => countries.map((c) => ({ code: c, name: countryName(lng, c) })),
    [countries, lng],
  );

  return (
    <Screen title={t('provider.title')} subtitle={t('provider.subtitle')} testId="provider-picker">
      <div className="w-search">
        <div className="w-field">
          <label htmlFor={searchId}>{t('provider.search')}</label>
          <div className="w-input-row w-input-icon">
            <SearchIcon />
            <input
              id={searchId}
              type="search"
              value={q}
              placeholder={t('provider.searchPlaceholder')}
              onChange={(e) => setQ(e.target.value)}
              autoComplete="off"
            />
          </div>
        </div>
        <div className="w-field w-field-narrow">
          <label htmlFor={countryId}>{t('provider.country')}</label>
          <select id={countryId} value={country} onChange={(e) => setCountry(e.target.value)}>
            <option value="">{t('provider.allCountries')}</option>
            {countryOptions.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      {results === null && !error && <Spinner label={t('app.loading')} />}
      {results && (
        <>
          <p className="w-sr-only" role="status">
            {t('provider.results', { n: results.length })}
          </p>
          {results.length === 0 ? (
            <p className="w-empty">{t('provider.none')}</p>
          ) : (
            <ul className="w-choices" aria-label={t('provider.title')}>
              {results.map((p) => (
                <li key={p.id}>
                  <button type="button" className="w-choice" onClick={() => onPick(p)}>
                    <ProviderLogo name={p.name} url={p.logo_url} />
                    <span className="w-choice-text">
                      <span className="w-choice-title">{p.name}</span>
                      <span className="w-choice-hint">{countryName(lng, p.country_code)}</span>
                    </span>
                    <ChevronIcon />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Screen>
  );
}
