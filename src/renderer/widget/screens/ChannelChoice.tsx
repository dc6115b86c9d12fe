import { useI18n } from '../lib/i18n';
import type { ChannelDefinition, Provider } from '../lib/types';
import { Button } from '../ui/Button';
import { BankIcon, ChevronIcon, KeyIcon } from '../ui/Icons';
import { Screen } from '../ui/Screen';

/** select_channel: payment accounts (REDIRECT) or savings accounts (EMBEDDED). */
export function ChannelChoice({
  provider,
  onPick,
  onBack,
}: {
  provider: Provider;
  onPick(d: ChannelDefinition): void;
  onBack?: () => void;
}) {
  const { t } = useI18n();
  const available = provider.channel_definitions.filter((d) => !d.unavailable);
  return (
    <Screen
      title={t('channel.title')}
      subtitle={t('channel.subtitle', { bank: provider.name })}
      testId="channel-choice"
      actions={
        onBack && (
          <Button variant="ghost" onClick={onBack}>
            {t('app.back')}
          </Button>
        )
      }
    >
      <ul className="w-choices">
        {available.map((d) => (
          <li key={d.id}>
            <button type="button" className="w-choice" onClick={() => onPick(d)}>
              <span className="w-choice-icon">{d.mode === 'REDIRECT' ? <BankIcon /> : <KeyIcon />}</span>
              <span className="w-choice-text">
                <span className="w-choice-title">
                  {t(d.mode === 'REDIRECT' ? 'channel.redirect' : 'channel.embedded')}
                </span>
                <span className="w-choice-hint">
                  {t(d.mode === 'REDIRECT' ? 'channel.redirectHint' : 'channel.embeddedHint')}
                </span>
              </span>
              <ChevronIcon />
            </button>
          </li>
        ))}
      </ul>
    </Screen>
  );
}
