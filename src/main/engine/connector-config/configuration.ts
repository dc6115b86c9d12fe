/**
 * Installation-wide configuration of a connector (C16: Enable Banking's application): the public values in
 * the settings (`connector_config.<name>`), the secret (the private key) in the OS keychain only
 * (`connector/<name>`). Configured = both present.
 */
import type { ConnectorConfiguration } from '../connectors/types';
import type { EngineContext } from '../context';

export const connectorSecretName = (name: string) => `connector/${name}`;
const settingsKey = (name: string) => `connector_config.${name}`;

type Ctx = Pick<EngineContext, 'settings' | 'secrets'>;

/** The public values, or undefined when not configured (no keychain read). */
export function configurationValues(ctx: Ctx, name: string): Record<string, unknown> | undefined {
  const values = ctx.settings.getRaw<Record<string, unknown> | null>(settingsKey(name));
  return values && typeof values === 'object' ? values : undefined;
}

/** The whole configuration, or undefined when not configured or the keychain lost the secret. */
export function readConfiguration(ctx: Ctx, name: string): ConnectorConfiguration | undefined {
  const values = configurationValues(ctx, name);
  if (!values) return undefined;
  let secret: string | null = null;
  try {
    secret = ctx.secrets.get(connectorSecretName(name));
  } catch {
    return undefined;
  }
  return secret ? { values, secret } : undefined;
}

/** Keeps a configuration: the keychain first (a refusal leaves nothing half-written). */
export function saveConfiguration(ctx: Ctx, name: string, configuration: ConnectorConfiguration): void {
  ctx.secrets.set(connectorSecretName(name), configuration.secret);
  ctx.settings.setRaw(settingsKey(name), configuration.values);
}

export function deleteConfiguration(ctx: Ctx, name: string): void {
  ctx.settings.setRaw(settingsKey(name), null);
  ctx.secrets.delete(connectorSecretName(name));
}
