import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { bootstrap, configure, setLanguage, type Boot } from './lib/api';
import { readFlow } from './lib/consent-flow';
import { EnvContext, type WidgetEnv } from './lib/env';
import { errorText } from './lib/errors';
import { I18nContext, translator, type I18n } from './lib/i18n';
import { pickLanguage, readParams, resolveOptions, type Language, type WidgetParams } from './lib/params';
import { deliverResult, type WidgetResult } from './lib/result';
import { AddConnectionPage } from './flows/AddConnectionPage';
import { CallbackPage, PopupRelay } from './flows/CallbackPage';
import { EditCredentialsPage } from './flows/EditCredentialsPage';
import { ManageAccountsPage } from './flows/ManageAccountsPage';
import { ProfessionalPage } from './flows/ProfessionalPage';
import { UserInputPage } from './flows/UserInputPage';
import { DoneScreen } from './screens/DoneScreen';
import { ErrorScreen, LoadingScreen } from './screens/ErrorScreen';
import { TermsScreen } from './screens/TermsScreen';
import { LockIcon } from './ui/Icons';

/** The page's parameters; back from a consent round trip (top level), those of the page that left. */
function initialParams(): WidgetParams {
  const here = readParams(new URL(window.location.href));
  if (here.page !== 'callback' || here.consent.popup) return here;
  const saved = readFlow(here.consent.state);
  if (!saved) return here;
  const original = readParams(new URL(saved.href));
  return { ...original, page: 'callback', lng: here.lng ?? original.lng, consent: here.consent };
}

function Page({ params }: { params: WidgetParams }) {
  switch (params.page) {
    case 'add_connection':
      return <AddConnectionPage />;
    case 'edit_credentials':
      return <EditCredentialsPage />;
    case 'user_input':
      return <UserInputPage />;
    case 'professional_account':
      return <ProfessionalPage />;
    case 'manage_accounts':
      return <ManageAccountsPage />;
    case 'callback':
      return <CallbackPage />;
    default:
      return null;
  }
}

export function App() {
  const params = useMemo(initialParams, []);
  const [lng, setLng] = useState<Language>(() => pickLanguage(params.lng, navigator.languages ?? [navigator.language]));
  const i18n = useMemo<I18n>(() => ({ lng, t: translator(lng), setLng }), [lng]);
  const [boot, setBoot] = useState<Boot | null>(null);
  const [termsNeeded, setTermsNeeded] = useState(false);
  const [finished, setFinished] = useState<WidgetResult | null>(null);
  const [fatal, setFatal] = useState<string | null>(null);
  const [flowKey, setFlowKey] = useState(0);
  const redirectUri = useRef<string | undefined>(params.redirectUri);
  const ended = useRef(false);

  const finish = useCallback((result: WidgetResult) => {
    if (ended.current) return;
    ended.current = true;
    if (!deliverResult(result, redirectUri.current)) setFinished(result);
  }, []);

  useEffect(() => {
    document.documentElement.lang = lng;
    document.title = translator(lng)('app.title');
    setLanguage(lng);
  }, [lng]);

  const popup = params.page === 'callback' && params.consent.popup;
  useEffect(() => {
    if (popup) return;
    if (!params.sessionId || !params.page) {
      setFatal(translator(lng)('error.noSession'));
      return;
    }
    configure({
      sessionId: params.sessionId,
      base: params.base,
      language: lng,
      handlers: { onExpired: () => finish({ result: 'expired' }), onTermsRequired: () => setTermsNeeded(true) },
    });
    bootstrap().then(
      (b) => {
        redirectUri.current = params.redirectUri ?? b.session.redirect_uri;
        setTermsNeeded(b.termsRequired);
        setBoot(b);
      },
      (err) => {
        if (!ended.current) setFatal(errorText(translator(lng), err));
      },
    );
    // Bootstrapped once per page.
  }, []);

  const env = useMemo<WidgetEnv | null>(
    () => (boot ? { params, boot, options: resolveOptions(boot.session, params.overrides), finish } : null),
    [boot, params, finish],
  );

  let content;
  if (popup) content = <PopupRelay params={params} />;
  else if (finished) content = <DoneScreen result={finished} />;
  else if (fatal) content = <ErrorScreen message={fatal} />;
  else if (!env) content = <LoadingScreen />;
  else if (params.page === 'terms')
    content = (
      <TermsScreen
        onAccepted={() => finish({ result: 'success' })}
        onDeclined={() => finish({ result: 'error', error: 'terms_declined' })}
      />
    );
  else if (termsNeeded)
    content = (
      <TermsScreen
        onAccepted={() => {
          setTermsNeeded(false);
          setFlowKey((k) => k + 1);
        }}
        onDeclined={() => finish({ result: 'error', error: 'terms_declined' })}
      />
    );
  else content = <Page key={flowKey} params={params} />;

  return (
    <I18nContext.Provider value={i18n}>
      <EnvContext.Provider value={env}>
        <div className="w-shell">
          <header className="w-header">
            <span className="w-brand">
              <LockIcon />
              <span>Coffer</span>
            </span>
            <nav className="w-lang" aria-label={i18n.t('app.language')}>
              {(['fr', 'en'] as const).map((l) => (
                <button key={l} type="button" lang={l} aria-pressed={lng === l} onClick={() => setLng(l)}>
                  {l.toUpperCase()}
                </button>
              ))}
            </nav>
          </header>
          <main className="w-main">{content}</main>
          <footer className="w-footer">{i18n.t('app.footer')}</footer>
        </div>
      </EnvContext.Provider>
    </I18nContext.Provider>
  );
}
