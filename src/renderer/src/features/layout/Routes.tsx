import { Suspense, useEffect } from 'react';
import { KV, kv } from '../../lib/db';
import { useT } from '../../lib/i18n';
import { lazyScreen, type LazyScreen } from '../../lib/lazy-screen';
import { matchPath, useLocation } from '../../lib/router';
import { Loading } from '../../ui';
import { ErrorBoundary } from './ErrorBoundary';
import { NotFound } from './NotFound';

// Screens are split into their own chunks (recharts and the virtual table load only where needed); the
// screen an address opens is fetched ahead (preloadScreen), the main ones when the app is idle.
const Dashboard = lazyScreen(() => import('../dashboard/DashboardPage'));
const Connections = lazyScreen(() => import('../connections/ConnectionsPage'));
const ConnectionDetail = lazyScreen(() => import('../connections/ConnectionDetailPage'));
const AddConnection = lazyScreen(() => import('../connections/AddConnectionPage'));
const ConnectCallback = lazyScreen(() => import('../connections/ConnectCallbackPage'));
const Consent = lazyScreen(() => import('../connections/ConsentPage'));
const BankConsent = lazyScreen(() => import('../connections/BankConsentPage'));
const Account = lazyScreen(() => import('../accounts/AccountPage'));
const Accounts = lazyScreen(() => import('../ledger/AccountsPage'));
const History = lazyScreen(() => import('../history/HistoryPage'));
const Rules = lazyScreen(() => import('../history/RulesPage'));
const Budget = lazyScreen(() => import('../budget/BudgetPage'));
const Reports = lazyScreen(() => import('../reports/ReportsPage'));
const Settings = lazyScreen(() => import('../settings/SettingsPage'));
const Recurring = lazyScreen(() => import('../recurring/RecurringPage'));

type Page = LazyScreen<{ params: Record<string, string> }>;

const ROUTES: Array<[string, Page]> = [
  ['/', Dashboard],
  ['/connections', Connections],
  ['/connections/new', AddConnection],
  ['/connections/:id', ConnectionDetail],
  ['/connections/:id/consent', Consent],
  ['/connect-callback', ConnectCallback],
  ['/connect-bank', BankConsent],
  ['/accounts', Accounts],
  ['/accounts/:id', Account],
  ['/history', History],
  ['/history/rules', Rules],
  ['/budget', Budget],
  ['/reports', Reports],
  ['/recurring', Recurring],
  ['/settings', Settings],
  ['/settings/:tab', Settings],
];

/** The screen `pathname` opens, if any, and its parameters. */
function screenFor(pathname: string): { pattern: string; Screen: Page; params: Record<string, string> } | null {
  for (const [pattern, Screen] of ROUTES) {
    const params = matchPath(pattern, pathname);
    if (params) return { pattern, Screen, params };
  }
  return null;
}

/**
 * Fetches the chunk of the screen `pathname` opens: called when the app starts, in parallel with the
 * session check, so that the screen is there when the session is. A failure is left to the screen's own
 * loading (its error boundary says what to do).
 */
export function preloadScreen(pathname: string): void {
  void screenFor(pathname)?.Screen.preload().catch(() => undefined);
}

/** The screens of the main navigation, fetched once the app is idle so that opening them never waits. */
export function preloadMainScreens(): void {
  for (const Screen of [Dashboard, History, Connections, Settings]) void Screen.preload().catch(() => undefined);
}

export function Routes() {
  const { t, lang } = useT();
  const { pathname } = useLocation();

  useEffect(() => {
    if (!pathname.startsWith('/connect-callback')) void kv.set(KV.lastView, pathname);
  }, [pathname]);

  const screen = screenFor(pathname);
  if (screen) {
    const { pattern, Screen, params } = screen;
    return (
      <ErrorBoundary language={lang} resetKey={pathname}>
        <Suspense
          fallback={
            <div className="page">
              <Loading label={t('common.loading')} />
            </div>
          }
        >
          <Screen key={pattern} params={params} />
        </Suspense>
      </ErrorBoundary>
    );
  }
  return <NotFound />;
}
