import type { Account, Connection } from '../../lib/api';
import { useT, type MessageKey } from '../../lib/i18n';
import { Badge } from '../../ui';
import { shownAccountStatus } from '../connections/connection-state';
import { accountStatusTone } from './status';

/**
 * An account's status badge, as every screen shows it: an account in ERROR only because its whole channel
 * failed (a refused password, a cancelled code) reads "Not updated", not "Error" (connection-state.ts).
 */
export function AccountStatusBadge({
  account,
  connection,
}: {
  account: Pick<Account, 'status' | 'last_channel_definition_id'>;
  connection: Pick<Connection, 'channels'> | undefined;
}) {
  const { t } = useT();
  const status = shownAccountStatus(account, connection);
  return (
    <span data-account-status={status}>
      <Badge tone={accountStatusTone(status)}>{t(`accountStatus.${status}` as MessageKey)}</Badge>
    </span>
  );
}
