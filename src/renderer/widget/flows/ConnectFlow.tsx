import { useEffect, useRef, useState } from 'react';
import { post, put, ApiError } from '../lib/api';
import { loadAccounts, loadConnection, unusedDefinitions, waitIdle } from '../lib/connections';
import { prepareCredentials } from '../lib/encrypt-credentials';
import { useEnv } from '../lib/env';
import { consentAnswerText, errorText } from '../lib/errors';
import { listOf, useI18n } from '../lib/i18n';
import { EventQueue } from '../lib/queue';
import { errorCodeOf, outcomeOf } from '../lib/status';
import type { Account, ChannelDefinition, Connection, CredentialDefinition, Provider } from '../lib/types';
import { AccountPicker } from '../screens/AccountPicker';
import { AccountsSummary } from '../screens/AccountsSummary';
import { ChannelChoice } from '../screens/ChannelChoice';
import { CredentialForm } from '../screens/CredentialForm';
import { OutcomeScreen } from '../screens/OutcomeScreen';
import { ProviderPicker } from '../screens/ProviderPicker';
import { RedirectStep } from '../screens/RedirectStep';
import { SyncWatch, type WatchEnd } from '../screens/SyncWatch';
import { Button } from '../ui/Button';
import { BankIcon, KeyIcon } from '../ui/Icons';
import { Screen } from '../ui/Screen';
import { Spinner } from '../ui/Spinner';

/** Where a connect flow starts. */
export type FlowStart =
  | { kind: 'pick' }
  | { kind: 'provider'; provider: Provider }
  | { kind: 'definition'; provider: Provider; definition: ChannelDefinition }
  /** Back from the provider's consent page (REDIRECT) with an answer. */
  | {
      kind: 'consent';
      provider: Provider;
      definition: ChannelDefinition;
      code?: string;
      state?: string;
      error?: string;
    };

type Step =
  | { kind: 'working'; label: string }
  | { kind: 'provider' }
  | { kind: 'channel'; provider: Provider }
  | { kind: 'credentials'; provider: Provider; definition: ChannelDefinition; error?: string | null }
  | { kind: 'redirect'; provider: Provider; definition: ChannelDefinition; error?: string | null }
  | {
      kind: 'sync';
      provider: Provider;
      definition: ChannelDefinition;
      queue: EventQueue;
      mode: 'end' | 'verdict';
      id: number;
    }
  | { kind: 'outcome'; provider: Provider; definition: ChannelDefinition; status: string }
  | { kind: 'select'; provider: Provider; accounts: Account[]; error?: string | null }
  | { kind: 'add-channel'; provider: Provider; definition: ChannelDefinition }
  | { kind: 'summary'; provider: Provider };

const idFromLocation = (res: { headers: Headers }) => (res.headers.get('location') ?? '').split('/').pop() ?? '';

/** The consent round trip's credentials: the code and the state go in the definition's fields of those types. */
function consentValues(defs: readonly CredentialDefinition[], code: string, state: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const d of defs) {
    if (d.type === 'AUTHORIZATION_CODE') values[d.id] = code;
    else if (d.type === 'STATE') values[d.id] = state;
  }
  return values;
}

/**
 * Adding a connection (add_connection) or a channel / new credentials to one (edit_credentials): provider,
 * channel, credentials or consent, the synchronization followed from a queue, then — per the flow flags —
 * the accounts to share, the invitation to add the other channel, and the result.
 */
export function ConnectFlow(props: { start: FlowStart; connection?: Connection; editing?: boolean }) {
  const { t, lng } = useI18n();
  const { options, finish } = useEnv();
  const connectionId = useRef<string | undefined>(props.connection?.id);
  const [connection, setConnection] = useState<Connection | undefined>(props.connection);
  const consentAsked = useRef(false);
  const channelOffered = useRef(false);
  const cameFrom = useRef<'picker' | 'channel' | null>(null);
  const syncCount = useRef(0);
  const [step, setStep] = useState<Step>({ kind: 'working', label: t('app.loading') });

  const done = () => finish({ result: 'success', connection_id: connectionId.current });

  const go = (provider: Provider, definition: ChannelDefinition, error?: string | null) =>
    setStep(
      definition.mode === 'REDIRECT'
        ? { kind: 'redirect', provider, definition, error }
        : { kind: 'credentials', provider, definition, error },
    );

  const chooseChannel = (provider: Provider) => {
    const available = provider.channel_definitions.filter((d) => !d.unavailable);
    const named = options.channelDefinitionId ? available.find((d) => d.id === options.channelDefinitionId) : undefined;
    if (named) return go(provider, named);
    const modes = new Set(available.map((d) => d.mode));
    if (options.selectChannel && modes.has('REDIRECT') && modes.has('EMBEDDED'))
      return setStep({ kind: 'channel', provider });
    // REDIRECT before EMBEDDED (the catalogue's order): only the first channel unless multiple_channels.
    go(provider, available[0]);
  };

  /** Sends credentials: a new connection, or PUT credentials on the existing one (retry, new channel, update). */
  const send = async (
    provider: Provider,
    definition: ChannelDefinition,
    values: Record<string, string>,
    fields: readonly CredentialDefinition[],
  ) => {
    let queue: EventQueue;
    const attempt = async () => {
      const prepared = await prepareCredentials(fields, values);
      queue = await EventQueue.subscribe();
      const id = connectionId.current;
      if (id) {
        const current = await waitIdle(id);
        setConnection(current);
        await put(`/v2/connections/${encodeURIComponent(id)}/credentials`, {
          channel_definition_id: definition.id,
          ...prepared,
        });
      } else {
        const res = await post<Connection>('/v2/connections', {
          provider_id: provider.id,
          channel_definition_id: definition.id,
          ...prepared,
          ...(options.selectAccounts && { consent_per_account: true }),
        });
        connectionId.current = res.data?.id ?? idFromLocation(res);
        setConnection(res.data);
      }
    };
    try {
      await attempt();
    } catch (err) {
      // A key that expired between its creation and its use: once more with a fresh one.
      if (err instanceof ApiError && err.code === 'key_expired') await attempt();
      else throw err;
    }
    const first = syncCount.current === 0 && !props.editing;
    syncCount.current++;
    const mode = options.captive || (first && options.selectAccounts) ? 'end' : 'verdict';
    setStep({ kind: 'sync', provider, definition, queue: queue!, mode, id: syncCount.current });
  };

  const submitCredentials =
    (provider: Provider, definition: ChannelDefinition) => async (values: Record<string, string>) => {
      try {
        await send(provider, definition, values, definition.credentials);
      } catch (err) {
        setStep({ kind: 'credentials', provider, definition, error: errorText(t, err) });
      }
    };

  const consentReturned = async (provider: Provider, definition: ChannelDefinition, code: string, state: string) => {
    setStep({ kind: 'working', label: t('redirect.returned') });
    try {
      await send(provider, definition, consentValues(definition.credentials, code, state), definition.credentials);
    } catch (err) {
      setStep({ kind: 'redirect', provider, definition, error: errorText(t, err) });
    }
  };

  /** After a synchronization that went well: accounts to share, the other channel, the summary or the result. */
  const afterSuccess = async (provider: Provider) => {
    const id = connectionId.current!;
    setStep({ kind: 'working', label: t('app.loading') });
    try {
      if (!props.editing && options.selectAccounts && !consentAsked.current) {
        consentAsked.current = true;
        const pending = await loadAccounts(id, { status: 'PENDING_CONSENT' });
        if (pending.length) return setStep({ kind: 'select', provider, accounts: pending });
      }
      if (!props.editing && options.multipleChannels && !channelOffered.current) {
        channelOffered.current = true;
        const current = await loadConnection(id);
        setConnection(current);
        const next = unusedDefinitions(provider, current)[0];
        if (next) return setStep({ kind: 'add-channel', provider, definition: next });
      }
    } catch {
      // the result still goes back; the integrator sees the rest through its queue
    }
    if (options.captive) setStep({ kind: 'summary', provider });
    else done();
  };

  const synced = (provider: Provider, definition: ChannelDefinition) => (end: WatchEnd) => {
    if (end.kind === 'verdict' || outcomeOf(end.status) === 'success') void afterSuccess(provider);
    else setStep({ kind: 'outcome', provider, definition, status: end.status });
  };

  const grant = (provider: Provider) => async (selected: Set<string>) => {
    try {
      const queue = options.captive ? await EventQueue.subscribe() : null;
      await post(`/widget/api/connections/${encodeURIComponent(connectionId.current!)}/consent`, {
        grant: [...selected],
      });
      if (queue) {
        syncCount.current++;
        setStep({
          kind: 'sync',
          provider,
          definition: provider.channel_definitions[0],
          queue,
          mode: 'end',
          id: syncCount.current,
        });
      } else await afterSuccess(provider);
    } catch (err) {
      setStep((s) => (s.kind === 'select' ? { ...s, error: errorText(t, err) } : s));
    }
  };

  useEffect(() => {
    const s = props.start;
    if (s.kind === 'pick') setStep({ kind: 'provider' });
    else if (s.kind === 'provider') chooseChannel(s.provider);
    else if (s.kind === 'definition') go(s.provider, s.definition);
    else if (s.code && s.state) void consentReturned(s.provider, s.definition, s.code, s.state);
    else
      go(s.provider, s.definition, s.error ? consentAnswerText(t, s.error) : t('redirect.lost'));
    // The start is read once.
  }, []);

  const back = (provider: Provider) =>
    cameFrom.current === 'channel'
      ? () => setStep({ kind: 'channel', provider })
      : cameFrom.current === 'picker'
        ? () => setStep({ kind: 'provider' })
        : undefined;

  switch (step.kind) {
    case 'working':
      return (
        <Screen title={step.label}>
          <Spinner label={step.label} />
        </Screen>
      );
    case 'provider':
      return (
        <ProviderPicker
          onPick={(p) => {
            cameFrom.current = 'picker';
            chooseChannel(p);
          }}
        />
      );
    case 'channel':
      return (
        <ChannelChoice
          provider={step.provider}
          onPick={(d) => {
            cameFrom.current = 'channel';
            go(step.provider, d);
          }}
          onBack={cameFrom.current === 'picker' ? () => setStep({ kind: 'provider' }) : undefined}
        />
      );
    case 'credentials':
      return (
        <CredentialForm
          key={`${step.definition.id}-${step.error ?? ''}`}
          provider={step.provider}
          definition={step.definition}
          channel={connection?.channels.find((c) => c.channel_definition_id === step.definition.id)}
          error={step.error}
          onSubmit={submitCredentials(step.provider, step.definition)}
          onBack={connectionId.current ? undefined : back(step.provider)}
        />
      );
    case 'redirect':
      return (
        <RedirectStep
          provider={step.provider}
          definition={step.definition}
          connectionId={connectionId.current}
          renew={
            !!connection?.channels.find((c) => c.channel_definition_id === step.definition.id && c.status !== 'EMPTY')
          }
          error={step.error}
          onCode={({ code, state }) => void consentReturned(step.provider, step.definition, code, state)}
          onDenied={(code) =>
            setStep({
              kind: 'redirect',
              provider: step.provider,
              definition: step.definition,
              error: consentAnswerText(t, code),
            })
          }
          onBack={connectionId.current ? undefined : back(step.provider)}
        />
      );
    case 'sync':
      return (
        <SyncWatch
          key={step.id}
          provider={step.provider}
          connectionId={connectionId.current!}
          queue={step.queue}
          mode={step.mode}
          onDone={synced(step.provider, step.definition)}
        />
      );
    case 'outcome':
      return (
        <OutcomeScreen
          provider={step.provider}
          status={step.status}
          onRetry={() => go(step.provider, step.definition)}
          onClose={() =>
            finish({ result: 'error', error: errorCodeOf(step.status), connection_id: connectionId.current })
          }
        />
      );
    case 'select':
      return (
        <AccountPicker
          testId="select-accounts"
          title={t('select.title')}
          subtitle={t('select.subtitle', { bank: step.provider.name })}
          accounts={step.accounts.map((a) => ({
            key: a.id,
            name: a.name,
            type: a.type,
            currency: a.currency,
            balance: a.balance,
            detail: a.iban ?? a.account_number,
          }))}
          initial={new Set()}
          submitLabel={(n) => t('select.submit', { n })}
          error={step.error}
          onSubmit={grant(step.provider)}
          secondary={
            <Button variant="ghost" onClick={() => void afterSuccess(step.provider)}>
              {t('addChannel.skip')}
            </Button>
          }
        />
      );
    case 'add-channel': {
      // The account types this channel brings beyond those of the channels already there.
      const covered = new Set(
        (connection?.channels ?? [])
          .filter((c) => c.status !== 'EMPTY' && c.channel_definition_id !== step.definition.id)
          .flatMap(
            (c) => step.provider.channel_definitions.find((d) => d.id === c.channel_definition_id)?.account_types ?? [],
          ),
      );
      const added = step.definition.account_types.filter((x) => !covered.has(x));
      const types = listOf(
        lng,
        (added.length ? added : step.definition.account_types).map((x) => t(`types.${x}` as 'types.SAVINGS')),
      );
      return (
        <Screen
          title={t('addChannel.title')}
          subtitle={t(step.definition.mode === 'REDIRECT' ? 'addChannel.bodyRedirect' : 'addChannel.bodyEmbedded', {
            bank: step.provider.name,
            types,
          })}
          icon={step.definition.mode === 'REDIRECT' ? <BankIcon /> : <KeyIcon />}
          testId="add-channel"
          actions={
            <>
              <Button onClick={() => go(step.provider, step.definition)}>{t('addChannel.add')}</Button>
              <Button variant="ghost" onClick={() => void afterSuccess(step.provider)}>
                {t('addChannel.skip')}
              </Button>
            </>
          }
        />
      );
    }
    case 'summary':
      return <AccountsSummary provider={step.provider} connectionId={connectionId.current!} onDone={done} />;
  }
}
