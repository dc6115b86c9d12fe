/** How a channel run's failures are told: the status they end with, the text kept, what the log keeps. */
import { AccountError, ConnectorError } from '../connectors/types';
import { storageProblemOf, storageProblemText } from '../domain/storage-errors';
import { CONNECTION_STATUSES, type ChannelStatus } from '../domain/values';
import { ChallengeEnded, ChannelPrecondition, MalformedProviderData, ProviderTimeout, RunCancelled } from './run-errors';

const CHANNEL_STATUS_SET: ReadonlySet<string> = new Set(CONNECTION_STATUSES);

/** The channel status a failure ends with. */
export function statusOfFailure(err: unknown): ChannelStatus {
  if (err instanceof ChallengeEnded) return err.status;
  if (err instanceof ChannelPrecondition) return err.status;
  if (err instanceof ConnectorError) return CHANNEL_STATUS_SET.has(err.status) ? err.status : 'FAILED';
  return 'FAILED';
}

/** A failure the engine expects from a provider (logged without a stack: not a bug of the engine). */
export function isExpectedFailure(err: unknown): boolean {
  return (
    err instanceof ConnectorError ||
    err instanceof ChallengeEnded ||
    err instanceof ChannelPrecondition ||
    err instanceof ProviderTimeout ||
    err instanceof MalformedProviderData
  );
}

/** During one account's fetch: a failure that ends the whole channel (any other fails that account only). */
export function endsTheChannel(err: unknown): boolean {
  return (
    err instanceof ConnectorError ||
    err instanceof ChallengeEnded ||
    err instanceof RunCancelled ||
    err instanceof ProviderTimeout
  );
}

/** The text kept in channels.last_error / sync_runs.error: the provider's message, never a credential. */
export function errorText(err: unknown, redact: (text: string) => string): string {
  // A full disk or a damaged database is not the provider's failure: said as what it is.
  const storage = storageProblemOf(err);
  if (storage) return storageProblemText(storage);
  if (err instanceof AccountError || isExpectedFailure(err)) return redact((err as Error).message).slice(0, 500);
  return 'the provider connector failed unexpectedly';
}

/** Hides the run's secret values in a text meant for the log or the database (a connector may echo them). */
export function redactor(secrets: () => readonly string[]): (text: string) => string {
  return (text) => {
    let out = text;
    for (const value of secrets()) if (value.length >= 3) out = out.split(value).join('[redacted]');
    return out;
  };
}

/** What the log keeps of a failure: its kind, message and stack, with secret values hidden. */
export function loggable(err: unknown, redact: (text: string) => string): Record<string, string> {
  if (err instanceof Error) return { type: err.name, message: redact(err.message), stack: redact(err.stack ?? '') };
  return { type: typeof err, message: redact(String(err)) };
}
