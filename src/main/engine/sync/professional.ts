/**
 * Professional accounts: a synchronization that finds an account of PROFESSIONAL usage suspends it
 * (SUSPENDED, not synchronized). Validating it — the professional-account widget, or the API extension —
 * makes it ACTIVE and synchronizes it at once.
 */
import type { EngineContext } from '../context';
import { badRequest } from '../http/errors';

export function validateProfessionalAccount(
  ctx: EngineContext,
  account: { id: number; connection_id: number; status: string; usage: string },
): void {
  if (account.usage !== 'PROFESSIONAL' || account.status !== 'SUSPENDED') {
    throw badRequest(
      `account ${account.id} is not a professional account waiting for validation (status ${account.status}, usage ${account.usage})`,
      String(account.id),
    );
  }
  const connectionStatus = ctx.db
    .prepare<[number], string>('SELECT status FROM connections WHERE id = ?')
    .pluck()
    .get(account.connection_id);
  if (connectionStatus === 'CLOSED')
    throw badRequest(`the connection of account ${account.id} is closed; reopen it first`);
  ctx.db.prepare("UPDATE accounts SET status = 'ACTIVE' WHERE id = ? AND status = 'SUSPENDED'").run(account.id);
  ctx.services.sync.start(account.connection_id, { type: 'ALL', accountIds: [account.id] });
}
