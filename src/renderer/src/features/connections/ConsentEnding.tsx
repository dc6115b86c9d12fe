import type { Connection } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { Alert, Button } from '../../ui';

/**
 * The consent's end is announced seven days ahead (the engine's CONSENT_REQUIRED event:
 * docs/api/enablebanking.md#consent-reminder).
 */
export const CONSENT_NOTICE_SECONDS = 7 * 24 * 3600;

/** The earliest end of a bank consent still running and ending within seven days, in seconds; else null. */
export function consentEndingSoon(connection: Connection, now = Date.now() / 1000): number | null {
  const ends = connection.channels
    .filter((c) => c.mode === 'REDIRECT' && c.expires !== undefined && c.status !== 'TOKEN_EXPIRED')
    .map((c) => c.expires!)
    .filter((e) => e > now && e - now <= CONSENT_NOTICE_SECONDS);
  return ends.length ? Math.min(...ends) : null;
}

/** "Your consent at … ends on …", with the way to renew it, on the connection's page. */
export function ConsentEndingAlert({
  connection,
  bank,
  onRenew,
}: {
  connection: Connection;
  bank: string;
  onRenew?: () => void;
}) {
  const { t, day } = useT();
  const ends = consentEndingSoon(connection);
  if (ends === null || connection.status === 'CLOSED') return null;
  return (
    <Alert
      tone="warning"
      action={
        onRenew && (
          <Button size="sm" icon="refresh" onClick={onRenew}>
            {t('connections.renew')}
          </Button>
        )
      }
    >
      <span data-testid="consent-ends">{t('bankConsent.endsOn', { bank, date: day(ends) })}</span>
    </Alert>
  );
}
