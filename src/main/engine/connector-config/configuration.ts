/**
 * Installation-wide configuration of a connector (Enable Banking's application: see
 * docs/api/enablebanking.md#configuration): the public values in the settings (`connector_config.<name>`), the secret
 * (the private key) in the OS keychain only (`connector/<name>`). Configured = both present.
 */
import type { ConnectorConfiguration } from '../connectors/types';
import type { SecretStore } from '../secrets/secret-store';
import type { Settings } from '../settings';

export const connectorSecretName = (name: string) => `connector/${name}`;
const settingsKey = (name: string) => `connector_config.${name}`;

export interface ConnectorConfigurationsDeps {
  settings: Pick<Settings, 'getRaw' | 'setRaw'>;
  secrets: SecretStore;
}

/** One engine's connector configurations (engine.ts makes it). */
export class ConnectorConfigurations {
  constructor(private readonly deps: ConnectorConfigurationsDeps) {}

  /** The public values, or undefined when not configured (no keychain read). */
  values(name: string): Record<string, unknown> | undefined {
    const values = this.deps.settings.getRaw<Record<string, unknown> | null>(settingsKey(name));
    return values && typeof values === 'object' ? values : undefined;
  }

  /** The whole configuration, or undefined when not configured or the keychain lost the secret. */
  read(name: string): ConnectorConfiguration | undefined {
    const values = this.values(name);
    if (!values) return undefined;
    let secret: string | null;
    try {
      secret = this.deps.secrets.get(connectorSecretName(name));
    } catch {
      return undefined;
    }
    return secret ? { values, secret } : undefined;
  }

  /** Keeps a configuration: the keychain first (a refusal leaves nothing half-written). */
  save(name: string, configuration: ConnectorConfiguration): void {
    this.deps.secrets.set(connectorSecretName(name), configuration.secret);
    this.deps.settings.setRaw(settingsKey(name), configuration.values);
  }

  remove(name: string): void {
    this.deps.settings.setRaw(settingsKey(name), null);
    this.deps.secrets.delete(connectorSecretName(name));
  }
}
