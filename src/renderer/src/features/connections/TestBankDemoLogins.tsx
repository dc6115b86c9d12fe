import { useT, type MessageKey } from '../../lib/i18n';
import './add-connection.css';
import { DEMO_LOGINS, DEMO_PASSWORD } from './testbank-demo';

/**
 * The test bank's demo logins, shown on its form and marked as the test bank's (a person trying Coffer
 * otherwise has to guess them). With `onPick` (the login/password form) a login fills the form; on the
 * REDIRECT form they are typed on the bank's own page.
 */
export function TestBankDemoLogins({ onPick }: { onPick?: (login: string, password: string) => void }) {
  const { t } = useT();
  return (
    // No accessible name on the box or its buttons beyond their text: the form's fields keep theirs alone
    // ("Login", "Password"), as a label search would otherwise find the box too.
    <section className="demo-logins" data-testid="demo-logins">
      <h3>{t('demo.title')}</h3>
      <p className="muted">
        {onPick ? t('demo.intro', { password: DEMO_PASSWORD }) : t('demo.introRedirect')}
      </p>
      <ul>
        {DEMO_LOGINS.map(({ login }) => {
          const what = t(`demo.${login}` as MessageKey);
          return (
            <li key={login}>
              {onPick ? (
                <button type="button" className="demo-login" onClick={() => onPick(login, DEMO_PASSWORD)}>
                  <code>{login}</code>
                </button>
              ) : (
                <code>{login}</code>
              )}{' '}
              <span className="faint">{what}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
