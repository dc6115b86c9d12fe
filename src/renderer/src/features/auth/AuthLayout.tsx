import type { ReactNode } from 'react';
import { LANGUAGES, LANGUAGE_NAMES, useT } from '../../lib/i18n';
import { useStore } from '../../store';
import { Icon } from '../../ui';
import { EngineStatus } from '../common/EngineStatus';

/** The frame of the screens shown before the app: first run, terms, sign-in. */
export function AuthLayout({ children, wide }: { children: ReactNode; wide?: boolean }) {
  const { t, lang } = useT();
  const setLanguage = useStore((s) => s.setLanguage);
  return (
    <div className="auth-page">
      <main className={`auth-card${wide ? ' auth-card-wide' : ''}`} id="main">
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <div className="brand" style={{ padding: 0 }}>
            <span className="brand-mark">
              <Icon name="wallet" size={17} />
            </span>
            <span>{t('app.name')}</span>
          </div>
          <select
            className="select input input-sm"
            style={{ width: 'auto' }}
            aria-label={t('settings.language')}
            value={lang}
            onChange={(e) => void setLanguage(e.target.value as typeof lang)}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </div>
        {children}
        <footer className="auth-footer">
          <EngineStatus />
        </footer>
      </main>
    </div>
  );
}
