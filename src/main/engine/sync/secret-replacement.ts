/**
 * [simplefin hook] ConnectorContext.replaceSecrets: a connector swaps the channel's keychain entry for new
 * values (a one-time setup token for the access it was exchanged for). The keychain is the only place the
 * values go; when it cannot keep them the run ends NEEDS_SECRET rather than keeping them anywhere else.
 */
import type { EngineContext } from '../context';
import { channelSecretName } from '../secrets/secret-names';
import { ChannelPrecondition } from './run-errors';

export function replaceChannelSecret(ctx: Pick<EngineContext, 'secrets'>, channelId: number, values: Record<string, string>): void {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (typeof v === 'string') clean[k] = v;
  try {
    ctx.secrets.set(channelSecretName(channelId), JSON.stringify(clean));
  } catch {
    throw new ChannelPrecondition('NEEDS_SECRET', 'the OS keychain could not keep the new access of this channel: enter the credentials again');
  }
}
