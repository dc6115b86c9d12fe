/**
 * Accounts the Bridge sent without a balance that can be counted. One such account never sinks the others.
 * When an earlier synchronization imported it, it is listed again and reported ERROR (left as it was):
 * left out, it would be taken for an account the Bridge no longer has (NOT_FOUND). One never imported is
 * left out, since without a balance there is nothing true to show for it. The accounts imported so far
 * are remembered in the channel's connector memory (saved only with a run's results).
 */
import type { ConnectorContext } from '../types';
import type { SfAccount, SfAnswer, SfUnreadableAccount } from './answer';

const KNOWN = 'accounts';

export const UNREADABLE_ACCOUNT =
  'the SimpleFIN Bridge sent this account without a balance Coffer can read: it was left as it was; Coffer reads it again at the next synchronization';

/** Unreadable accounts of the answers that were imported before and that no answer gave readably. */
export function unreadableKnownAccounts(
  state: ConnectorContext['state'],
  answers: readonly SfAnswer[],
  readable: readonly SfAccount[],
): SfUnreadableAccount[] {
  const known = new Set(Array.isArray(state[KNOWN]) ? (state[KNOWN] as unknown[]).filter((v) => typeof v === 'string') : []);
  const seen = new Set(readable.map((a) => a.id));
  const out: SfUnreadableAccount[] = [];
  for (const u of answers.flatMap((a) => a.unreadable)) {
    if (seen.has(u.id) || !known.has(u.id)) continue;
    seen.add(u.id);
    out.push(u);
  }
  state[KNOWN] = [...seen];
  return out;
}

/** The account record of an unreadable account: its balance is not used, the account being in ERROR. */
export function unreadableAsAccount(u: SfUnreadableAccount): SfAccount {
  return { ...u, balance: '0', balanceDate: 0, transactions: [] };
}
