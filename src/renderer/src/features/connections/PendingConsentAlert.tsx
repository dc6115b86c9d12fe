import { useT } from '../../lib/i18n';
import { Link } from '../../lib/router';
import { Alert } from '../../ui';

/** Accounts of a connection still waiting for the person's decision to share them, with the way there. */
export function PendingConsentAlert({ connectionId, pending }: { connectionId: string; pending: number }) {
  const { t, tn } = useT();
  if (pending <= 0) return null;
  return (
    <Alert tone="warning" action={<Link to={`/connections/${connectionId}/consent`}>{t('connections.consent')}</Link>}>
      {tn('connections.pendingConsent', pending)}
    </Alert>
  );
}
