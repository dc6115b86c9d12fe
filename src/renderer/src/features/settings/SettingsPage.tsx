import { lazy, Suspense } from 'react';
import { useT, type MessageKey } from '../../lib/i18n';
import { Link } from '../../lib/router';
import { Loading } from '../../ui';
import { PageHeader } from '../layout/PageHeader';
import { GeneralSettings } from './GeneralSettings';

const SyncSettings = lazy(() => import('./AdminSettings').then((m) => ({ default: m.SyncSettings })));
const TokensSettings = lazy(() => import('./TokensSettings'));
const ClientsSettings = lazy(() => import('./ClientsSettings'));
const WebhookSettings = lazy(() => import('./AdminSettings').then((m) => ({ default: m.WebhookSettings })));
const SignKeysSettings = lazy(() => import('./AdminSettings').then((m) => ({ default: m.SignKeysSettings })));
const AboutSettings = lazy(() => import('./AboutSettings'));
const BackupSettings = lazy(() => import('./BackupSettings'));
const RecoveryKeySettings = lazy(() => import('./RecoveryKeySettings'));
const CurrencySettings = lazy(() => import('./CurrencySettings'));
const EnableBankingSettings = lazy(() => import('./enablebanking/EnableBankingSettings'));
const LedgerSettings = lazy(() => import('../ledger/LedgerSettings'));

const TABS: Array<{ id: string; label: MessageKey }> = [
  { id: 'general', label: 'settings.general' },
  { id: 'categories', label: 'settings.categories' },
  { id: 'sync', label: 'settings.sync' },
  { id: 'tokens', label: 'settings.tokens' },
  { id: 'clients', label: 'settings.clients' },
  { id: 'webhook', label: 'settings.webhook' },
  { id: 'sign-keys', label: 'settings.signKeys' },
  { id: 'enablebanking', label: 'settings.enableBanking' },
  { id: 'currencies', label: 'settings.currencies' },
  { id: 'backups', label: 'settings.backups' },
  { id: 'about', label: 'settings.data' },
];

export default function SettingsPage({ params }: { params: Record<string, string> }) {
  const { t } = useT();
  const tab = TABS.some((x) => x.id === params.tab) ? params.tab : 'general';
  return (
    <div className="page" style={{ maxWidth: 960 }}>
      <PageHeader title={t('settings.title')} />
      <nav className="tabs" aria-label={t('settings.title')}>
        {TABS.map((x) => (
          <Link
            key={x.id}
            to={x.id === 'general' ? '/settings' : `/settings/${x.id}`}
            aria-current={tab === x.id ? 'page' : undefined}
          >
            {t(x.label)}
          </Link>
        ))}
      </nav>
      <Suspense fallback={<Loading label={t('common.loading')} />}>
        {tab === 'general' && <GeneralSettings />}
        {tab === 'categories' && <LedgerSettings />}
        {tab === 'sync' && <SyncSettings />}
        {tab === 'tokens' && <TokensSettings />}
        {tab === 'clients' && <ClientsSettings />}
        {tab === 'webhook' && <WebhookSettings />}
        {tab === 'sign-keys' && <SignKeysSettings />}
        {tab === 'enablebanking' && <EnableBankingSettings />}
        {tab === 'currencies' && <CurrencySettings />}
        {tab === 'backups' && <RecoveryKeySettings />}
        {tab === 'backups' && <BackupSettings />}
        {tab === 'about' && <AboutSettings />}
      </Suspense>
    </div>
  );
}
