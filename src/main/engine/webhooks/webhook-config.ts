/**
 * The installation's one webhook (see docs/api/events.md#webhook and docs/api/admin.md#paths): its URL is a setting
 * (`webhook_url`), its secret lives only in the OS keychain (`webhookSecretName()`), read once and then kept in memory
 * for deliveries.
 */
import { randomBytes } from 'node:crypto';
import { SecretStoreUnavailable } from '../domain/errors';
import type { SecretStore } from '../secrets/secret-store';
import { webhookSecretName } from '../secrets/secret-names';
import type { Settings } from '../settings';

const URL_SETTING = 'webhook_url';

export interface WebhookTarget {
  url: string;
  secret: string;
}

/** A keychain failure that already says the keychain is unavailable (whatever layer made it). */
const saysUnavailable = (err: unknown) =>
  err instanceof SecretStoreUnavailable || (err as { code?: unknown }).code === 'secret_store_unavailable';

/** Any keychain failure is SecretStoreUnavailable: nothing was stored or read. */
function keychain<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (saysUnavailable(err)) throw err;
    throw new SecretStoreUnavailable((err as Error).message);
  }
}

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/** One per engine (it keeps the secret read from the keychain). */
export class WebhookConfig {
  private secret: string | null = null;

  constructor(private readonly deps: { settings: Pick<Settings, 'getRaw' | 'setRaw'>; secrets: SecretStore }) {}

  url(): string | null {
    return this.deps.settings.getRaw<string | null>(URL_SETTING) ?? null;
  }

  /** Sets the URL and the secret (keychain first: no keychain, nothing changes). */
  set(url: string, secret: string): void {
    keychain(() => this.deps.secrets.set(webhookSecretName(), secret));
    this.deps.settings.setRaw(URL_SETTING, url);
    this.secret = secret;
  }

  clear(): void {
    this.deps.settings.setRaw(URL_SETTING, null);
    this.secret = null;
    this.deps.secrets.delete(webhookSecretName());
  }

  /**
   * Where and with what to deliver, or null when no webhook is set. Throws SecretStoreUnavailable when the
   * keychain is gone or lost the secret.
   */
  target(): WebhookTarget | null {
    const url = this.url();
    if (!url) return null;
    if (this.secret === null) {
      const stored = keychain(() => this.deps.secrets.get(webhookSecretName()));
      if (stored === null)
        throw new SecretStoreUnavailable('the webhook secret is missing from the keychain; set the webhook again');
      this.secret = stored;
    }
    return { url, secret: this.secret };
  }
}

/** Whether a failure of `target()` is the keychain's (logged as secret_unavailable) rather than a bug. */
export const isKeychainFailure = saysUnavailable;
