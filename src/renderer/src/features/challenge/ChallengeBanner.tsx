import { useShallow } from 'zustand/react/shallow';
import { useT } from '../../lib/i18n';
import { useLocation } from '../../lib/router';
import { useStore } from '../../store';
import type { ActiveChallenge } from '../../store/sync/initialState';
import { Button, Icon } from '../../ui';
import { useOpenChallenge } from './ChallengeNotice';
import { clock, useSecondsLeft } from './seconds-left';

/**
 * Above every page while a bank waits for a code and its dialog is closed: who waits, the time left, and the
 * way back to the dialog. Gone once the challenge is answered, cancelled, expired or its run has ended. Not
 * repeated on the connection's own page, which shows it already.
 */
export function ChallengeBanner() {
  const { pathname } = useLocation();
  const pending = useStore(
    useShallow((s) =>
      Object.values(s.challenges).filter(
        (c) => c.connectionId !== s.challengeOpen && pathname !== `/connections/${c.connectionId}`,
      ),
    ),
  );
  if (pending.length === 0) return null;
  return (
    <div className="challenge-banner" data-testid="challenge-banner" role="region" aria-live="polite">
      {pending.map((c) => (
        <BannerRow key={c.connectionId} challenge={c} />
      ))}
    </div>
  );
}

function BannerRow({ challenge }: { challenge: ActiveChallenge }) {
  const { t } = useT();
  const name = useStore((s) => s.connections.find((c) => c.id === challenge.connectionId)?.name ?? '');
  const left = useSecondsLeft(challenge.expires);
  const open = useOpenChallenge();
  if (left <= 0) return null;
  return (
    <div className="challenge-banner-row">
      <Icon name="key" />
      <span style={{ flex: 1, minWidth: 0 }}>{t('challenge.pending', { name, time: clock(left) })}</span>
      <Button
        size="sm"
        variant="primary"
        aria-label={t('challenge.openFor', { name })}
        onClick={() => void open(challenge.connectionId)}
      >
        {t('challenge.open')}
      </Button>
    </div>
  );
}
