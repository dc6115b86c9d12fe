import { useEffect } from 'react';
import { KV, kv } from './lib/db';
import { useT } from './lib/i18n';
import { navigate, useLocation } from './lib/router';
import { useStore } from './store';
import { Button, Card, EmptyState, Loading, Toaster } from './ui';
import { AuthCallback } from './features/auth/AuthCallback';
import { AuthLayout } from './features/auth/AuthLayout';
import { FirstRun } from './features/auth/FirstRun';
import { SignIn } from './features/auth/SignIn';
import { Terms } from './features/auth/Terms';
import { preloadMainScreens, preloadScreen, Routes } from './features/layout/Routes';
import { Shell } from './features/layout/Shell';
import { StorageProblem } from './features/storage/StorageProblem';

/** Work that starts once the user is in: data, the event queue, the transactions in the background. */
function useSignedInWork(ready: boolean) {
  useEffect(() => {
    if (!ready) return;
    const s = useStore.getState();
    void s.restoreSnapshot().then(() => s.loadAll());
    void s.startEvents();
    void s.loadTransactions();
    // The desktop window always opens at "/": bring back the last screen.
    if (window.coffer && window.location.pathname === '/') {
      void kv.get<string>(KV.lastView).then((last) => {
        if (last && last !== '/' && window.location.pathname === '/') navigate(last, { replace: true });
      });
    }
    // The other main screens, once nothing else is to be done, so that opening one does not wait for its chunk.
    const idle = requestIdleCallback(() => preloadMainScreens(), { timeout: 5000 });
    return () => cancelIdleCallback(idle);
  }, [ready]);
}

/**
 * The start-up work that needs no React, begun before the first render rather than in an effect after it:
 * the session check (boot() also reads the saved language) and the chunk of the screen the address opens.
 */
export function startApp(): void {
  preloadScreen(window.location.pathname);
  void useStore
    .getState()
    .boot()
    .catch(() => useStore.setState({ phase: 'offline' }));
}

export function App() {
  const { t } = useT();
  const phase = useStore((s) => s.phase);
  const { pathname } = useLocation();

  useEffect(() => {
    // The session check and the first screen's chunk started before the first render (main.tsx: startApp).
    const timer = setInterval(() => void useStore.getState().checkEngine(), 15_000);
    return () => clearInterval(timer);
  }, []);

  useSignedInWork(phase === 'ready');

  // A sign-in answer met while already signed in (the Back button, a bookmark, a session another tab restored)
  // has nothing left to do: the dashboard, rather than a page that does not exist inside the app. A sign-in
  // that just completed navigates to where it started right after, so that navigation wins.
  useEffect(() => {
    if (phase === 'ready' && pathname === '/auth-callback') navigate('/', { replace: true });
  }, [phase, pathname]);

  let content;
  if (pathname === '/auth-callback' && phase !== 'ready') content = <AuthCallback />;
  else if (phase === 'booting') {
    content = (
      <AuthLayout>
        <Card>
          <Loading label={t('common.loading')} />
        </Card>
      </AuthLayout>
    );
  } else if (phase === 'offline') {
    content = (
      <AuthLayout>
        <Card>
          <EmptyState
            icon="alert"
            tone="error"
            title={t('engine.down')}
            action={<Button onClick={() => void useStore.getState().boot()}>{t('common.retry')}</Button>}
          >
            {t('engine.offline')}
          </EmptyState>
        </Card>
      </AuthLayout>
    );
  } else if (phase === 'storage') content = <StorageProblem />;
  else if (phase === 'first-run') content = <FirstRun />;
  else if (phase === 'sign-in') content = <SignIn />;
  else if (phase === 'terms') content = <Terms />;
  else
    content = (
      <Shell>
        <Routes />
      </Shell>
    );

  return (
    <>
      {content}
      <Toaster closeLabel={t('common.dismiss')} />
    </>
  );
}
