import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { KV, kv } from '../../lib/db';
import { useT } from '../../lib/i18n';
import { matchPath, useLocation } from '../../lib/router';
import { Loading } from '../../ui';
import { ErrorBoundary } from './ErrorBoundary';
import { NotFound } from './NotFound';

// Screens are split into their own chunks (recharts and the virtual table load only where needed).
const Dashboard = lazy(() => import('../dashboard/DashboardPage'));
const Connections = lazy(() => import('../connections/ConnectionsPage'));
const ConnectionDetail = lazy(() => import('../connections/ConnectionDetailPage'));
const AddConnection = lazy(() => import('../connections/AddConnectionPage'));
const ConnectCallback = lazy(() => import('../connections/ConnectCallbackPage'));
const Consent = lazy(() => import('../connections/ConsentPage'));
const BankConsent = lazy(() => import('../connections/BankConsentPage'));
const Account = lazy(() => import('../accounts/AccountPage'));
const History = lazy(() => import('../history/HistoryPage'));
const Rules = lazy(() => import('../history/RulesPage'));
const Settings = lazy(() => import('../settings/SettingsPage'));

type Page = ComponentType<{ params: Record<string, string> }>;

const ROUTES: Array<[string, Page]> = [
  ['/', Dashboard],
  ['/connections', Connections],
  ['/connections/new', AddConnection],
  ['/connections/:id', ConnectionDetail],
  ['/connections/:id/consent', Consent],
  ['/connect-callback', ConnectCallback],
  ['/connect-bank', BankConsent],
  ['/accounts/:id', Account],
  ['/history', History],
  ['/history/rules', Rules],
  ['/settings', Settings],
  ['/settings/:tab', Settings],
];

export function Routes() {
  const { t, lang } = useT();
  const { pathname } = useLocation();

  useEffect(() => {
    if (!pathname.startsWith('/connect-callback')) void kv.set(KV.lastView, pathname);
  }, [pathname]);

  for (const [pattern, Component] of ROUTES) {
    const params = matchPath(pattern, pathname);
    if (params) {
      return (
        <ErrorBoundary language={lang} resetKey={pathname}>
          <Suspense
            fallback={
              <div className="page">
                <Loading label={t('common.loading')} />
              </div>
            }
          >
            <Component key={pattern} params={params} />
          </Suspense>
        </ErrorBoundary>
      );
    }
  }
  return <NotFound />;
}
