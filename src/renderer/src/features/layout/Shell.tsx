import { useEffect, useRef, type ReactNode } from 'react';
import { useT, type MessageKey } from '../../lib/i18n';
import { Link, useLocation } from '../../lib/router';
import { sessionSelectors, useStore } from '../../store';
import { Badge, Button, Icon, type IconName } from '../../ui';
import { ChallengeBanner } from '../challenge/ChallengeBanner';
import { ChallengeDialog } from '../challenge/ChallengeDialog';
import { EngineStatus } from '../common/EngineStatus';
import { needsAttention } from '../common/status';

const NAV: Array<{ to: string; label: MessageKey; icon: IconName; match: (p: string) => boolean }> = [
  { to: '/', label: 'nav.dashboard', icon: 'dashboard', match: (p) => p === '/' },
  { to: '/accounts', label: 'nav.accounts', icon: 'wallet', match: (p) => p.startsWith('/accounts') },
  {
    to: '/connections',
    label: 'nav.connections',
    icon: 'link',
    match: (p) => p.startsWith('/connections') || p.startsWith('/connect-'),
  },
  { to: '/history', label: 'nav.history', icon: 'list', match: (p) => p.startsWith('/history') },
  { to: '/budget', label: 'nav.budget', icon: 'pie', match: (p) => p.startsWith('/budget') },
  { to: '/reports', label: 'nav.reports', icon: 'bars', match: (p) => p.startsWith('/reports') },
  { to: '/recurring', label: 'nav.recurring', icon: 'clock', match: (p) => p.startsWith('/recurring') },
  { to: '/settings', label: 'nav.settings', icon: 'settings', match: (p) => p.startsWith('/settings') },
];

/** The signed-in frame: navigation, the engine status, the challenge dialog and the page. */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useT();
  const { pathname } = useLocation();
  const signOut = useStore((s) => s.signOut);
  const name = useStore(sessionSelectors.displayName);
  const attention = useStore((s) => s.connections.filter((c) => needsAttention(c.status)).length);
  const running = useStore((s) => Object.keys(s.running).length);
  const mainRef = useRef<HTMLElement>(null);
  const first = useRef(true);

  // A new page: start at its top, and move the focus there so screen readers announce it.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    mainRef.current?.scrollTo({ top: 0 });
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="shell">
      {/* Out of the layout (fixed, see .skip-link): showing it on focus moves nothing. Activating it moves the
          focus itself, as the router does not follow "#main" and a focusable target is what screen readers need. */}
      <a
        href="#main"
        className="skip-link"
        onClick={(e) => {
          e.preventDefault();
          mainRef.current?.focus({ preventScroll: true });
          mainRef.current?.scrollTo({ top: 0 });
        }}
      >
        {t('nav.skip')}
      </a>
      <aside className="sidebar">
        <Link to="/" className="brand" aria-label={t('app.name')}>
          <span className="brand-mark">
            <Icon name="wallet" size={17} />
          </span>
          <span className="brand-text">{t('app.name')}</span>
        </Link>
        <nav className="nav" aria-label={t('nav.main')}>
          {NAV.map((item) => (
            <Link key={item.to} to={item.to} aria-current={item.match(pathname) ? 'page' : undefined}>
              <Icon name={item.icon} />
              <span className="nav-label">{t(item.label)}</span>
              {item.to === '/connections' && running > 0 && (
                <span className="nav-badge" title={t('connections.syncing')}>
                  <span className="spinner spinner-sm" aria-hidden="true" />
                  <span className="sr-only">{t('connections.syncing')}</span>
                </span>
              )}
              {item.to === '/connections' && running === 0 && attention > 0 && (
                <span className="nav-badge">
                  <Badge tone="danger">{attention}</Badge>
                </span>
              )}
            </Link>
          ))}
        </nav>
        <div className="sidebar-footer">
          <EngineStatus />
          {name && (
            <span
              className="faint hide-narrow"
              style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {name}
            </span>
          )}
          <Button
            variant="ghost"
            size="sm"
            icon="logout"
            onClick={() => void signOut()}
            style={{ justifyContent: 'flex-start', paddingLeft: 0 }}
            className="hide-narrow"
          >
            {t('nav.signOut')}
          </Button>
        </div>
      </aside>
      <main className="main" id="main" ref={mainRef} tabIndex={-1} style={{ outline: 'none' }}>
        <ChallengeBanner />
        {children}
      </main>
      <ChallengeDialog />
    </div>
  );
}
