/**
 * What one channel run does with each account (pure, table-tested): which listed accounts it adds, updates
 * or leaves to another channel, which it fetches, which stored accounts are missing at the provider. The
 * run computes it before talking to the bank for the accounts (what to fetch) and again inside the results
 * transaction (on the database as it is then), so a change made meanwhile (an account deleted) wins.
 */
import type { ProviderAccount } from '../connectors/types';
import { linkAccountToChannel, type LinkableChannel } from '../domain/channel-linking';
import { isAccountSynchronized, listedAccountAddition } from '../domain/consent';
import type { AccountStatus, AccountType } from '../domain/values';

export interface StoredAccount {
  id: number;
  reference: string;
  type: AccountType;
  status: AccountStatus;
  usage: 'PERSONAL' | 'PROFESSIONAL';
  last_channel_definition_id: string | null;
}

export interface PlanInput {
  type: 'ALL' | 'LIST_ACCOUNTS';
  channelDefinitionId: string;
  /** Account types this channel's definition covers now. */
  coveredTypes: readonly string[];
  /** Every channel of the connection (linking rules). */
  channels: readonly LinkableChannel[];
  /** What the provider listed (already checked). */
  listed: readonly ProviderAccount[];
  /** The connection's accounts. */
  stored: readonly StoredAccount[];
  /** References the user deleted (table deleted_accounts). */
  deleted: ReadonlySet<string>;
  consentPerAccount: boolean;
  /** Only these accounts (consent granted, account reopened, professional account validated). */
  accountIds?: ReadonlySet<number>;
}

export interface PlannedAccount {
  reference: string;
  listed?: ProviderAccount;
  stored?: StoredAccount;
  /** insert: a new account row; update: refresh the row; none: leave the row as it is. */
  action: 'insert' | 'update' | 'none';
  /** Its balance and transactions are fetched in this run. */
  fetch: boolean;
  /** The status it takes whatever the run's outcome (not synchronized: suspended, waiting for consent, kept). */
  fixedStatus?: AccountStatus;
  /** Professional usage detected now (the account becomes SUSPENDED until validated). */
  professional?: boolean;
  /** Channel definition the account is linked to after the run. */
  link?: string;
  /** A previously deleted account brought back by LIST_ACCOUNTS. */
  undelete?: boolean;
  /** Stored, owned by this channel, in scope, not listed any more: NOT_FOUND (ALL). */
  missing?: boolean;
  /** LIST_ACCOUNTS: the status in the LIST_ACCOUNTS_SUCCESS event. */
  listStatus?: 'NEW' | 'PRESENT' | 'MISSING';
}

/** The channel a stored account is linked to now (the stored link, corrected by the linking rules). */
function currentLink(
  account: Pick<StoredAccount, 'type' | 'last_channel_definition_id'>,
  channels: readonly LinkableChannel[],
) {
  return linkAccountToChannel(account.type, account.last_channel_definition_id, channels);
}

export function planAccounts(input: PlanInput): PlannedAccount[] {
  const { channelDefinitionId: self, channels } = input;
  const covered = new Set(input.coveredTypes);
  const storedByRef = new Map(input.stored.map((s) => [s.reference, s]));
  const inScope = (s: StoredAccount) => !input.accountIds || input.accountIds.has(s.id);
  const out: PlannedAccount[] = [];
  const listedRefs = new Set<string>();

  for (const listed of input.listed) {
    if (!covered.has(listed.type) || listedRefs.has(listed.reference)) continue;
    listedRefs.add(listed.reference);
    const stored = storedByRef.get(listed.reference);
    const link = linkAccountToChannel(listed.type, stored?.last_channel_definition_id, channels) ?? self;
    const professional = listed.usage === 'PROFESSIONAL' && stored?.usage !== 'PROFESSIONAL';

    if (input.type === 'LIST_ACCOUNTS') {
      if (stored) {
        out.push({ reference: listed.reference, listed, stored, action: 'none', fetch: false, listStatus: 'PRESENT' });
      } else {
        out.push({
          reference: listed.reference,
          listed,
          action: 'insert',
          fetch: false,
          fixedStatus: professional ? 'SUSPENDED' : listedAccountAddition(input.consentPerAccount).status,
          professional,
          link,
          undelete: input.deleted.has(listed.reference),
          listStatus: 'NEW',
        });
      }
      continue;
    }

    // ALL
    if (link !== self) {
      out.push({ reference: listed.reference, listed, stored, action: 'none', fetch: false });
      continue;
    }
    if (stored) {
      if (!inScope(stored)) {
        out.push({ reference: listed.reference, listed, stored, action: 'none', fetch: false });
      } else if (professional) {
        out.push({
          reference: listed.reference,
          listed,
          stored,
          action: 'update',
          fetch: false,
          fixedStatus: 'SUSPENDED',
          professional,
          link,
        });
      } else if (!isAccountSynchronized(stored.status)) {
        out.push({
          reference: listed.reference,
          listed,
          stored,
          action: 'update',
          fetch: false,
          fixedStatus: stored.status,
          link,
        });
      } else {
        out.push({ reference: listed.reference, listed, stored, action: 'update', fetch: true, link });
      }
      continue;
    }
    if (input.deleted.has(listed.reference) || input.accountIds) {
      out.push({ reference: listed.reference, listed, action: 'none', fetch: false });
      continue;
    }
    if (professional || input.consentPerAccount) {
      out.push({
        reference: listed.reference,
        listed,
        action: 'insert',
        fetch: false,
        fixedStatus: professional ? 'SUSPENDED' : 'PENDING_CONSENT',
        professional,
        link,
      });
    } else {
      out.push({ reference: listed.reference, listed, action: 'insert', fetch: true, link });
    }
  }

  for (const stored of input.stored) {
    if (listedRefs.has(stored.reference) || !covered.has(stored.type)) continue;
    if (currentLink(stored, channels) !== self) continue;
    if (input.type === 'LIST_ACCOUNTS') {
      out.push({ reference: stored.reference, stored, action: 'none', fetch: false, listStatus: 'MISSING' });
    } else if (inScope(stored) && isAccountSynchronized(stored.status)) {
      out.push({ reference: stored.reference, stored, action: 'update', fetch: false, missing: true });
    }
  }
  return out;
}

/** Stored accounts a failed run of this channel marks (owned by it, in scope, synchronized). */
export function accountsOfFailedRun(
  input: Pick<PlanInput, 'channelDefinitionId' | 'coveredTypes' | 'channels' | 'stored' | 'accountIds'>,
): StoredAccount[] {
  const covered = new Set(input.coveredTypes);
  return input.stored.filter(
    (s) =>
      covered.has(s.type) &&
      currentLink(s, input.channels) === input.channelDefinitionId &&
      (!input.accountIds || input.accountIds.has(s.id)) &&
      isAccountSynchronized(s.status),
  );
}

export type AccountOutcome = 'SYNCED' | 'FAILED' | 'NOT_FOUND';

/** The channel status of a run whose listing worked, from its accounts' outcomes. */
export function channelStatusFromOutcomes(
  outcomes: Iterable<AccountOutcome>,
): 'SUCCESS' | 'PARTIAL_SUCCESS' | 'FAILED' {
  let synced = 0;
  let failed = 0;
  let notFound = 0;
  for (const o of outcomes) {
    if (o === 'SYNCED') synced++;
    else if (o === 'FAILED') failed++;
    else notFound++;
  }
  if (failed + notFound === 0) return 'SUCCESS';
  if (synced === 0 && notFound === 0) return 'FAILED';
  return 'PARTIAL_SUCCESS';
}
