import { SecretStoreUnavailable } from '../domain/errors';
/**
 * The installation's one webhook (C9, C12): its URL is a setting (`webhook_url`), its secret lives only in
 * the OS keychain (`webhookSecretName()`), read once and then kept in memory for deliveries.
 */
import { randomBytes } from 'node:crypto';
import type { EngineContext } from '../context';
import { ApiError, secretStoreUnavailable } from '../http/errors';
import { webhookSecretName } from '../secrets/secret-names';

const URL_SETTING = 'webhook_url';

export interface WebhookTarget {
  url: string;
  secret: string;
}

type Ctx = Pick<EngineContext, 'settings' | 'secrets'>;

function keychain<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof ApiError || err instanceof SecretStoreUnavailable) throw err;
    throw secretStoreUnavailable((err as Error).message);
  }
}

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

export class WebhookConfig {
  private secret: string | null = null;

  constructor(private readonly ctx: Ctx) {}

  url(): string | null {
    return this.ctx.settings.getRaw<string | null>(URL_SETTING) ?? null;
  }

  /** Sets the URL and the secret (keychain first: no keychain, nothing changes). */
  set(url: string, secret: string): void {
    keychain(() => this.ctx.secrets.set(webhookSecretName(), secret));
    this.ctx.settings.setRaw(URL_SETTING, url);
    this.secret = secret;
  }

  clear(): void {
    this.ctx.settings.setRaw(URL_SETTING, null);
    this.secret = null;
    this.ctx.secrets.delete(webhookSecretName());
  }

  /** Where and with what to deliver, or null when no webhook is set. Throws 503 when the keychain is gone. */
  target(): WebhookTarget | null {
    const url = this.url();
    if (!url) return null;
    if (this.secret === null) {
      const stored = keychain(() => this.ctx.secrets.get(webhookSecretName()));
      if (stored === null)
        throw secretStoreUnavailable('the webhook secret is missing from the keychain; set the webhook again');
      this.secret = stored;
    }
    return { url, secret: this.secret };
  }
}

const configs = new WeakMap<object, WebhookConfig>();

export function webhookConfig(ctx: Ctx): WebhookConfig {
  let c = configs.get(ctx.settings);
  if (!c) {
    c = new WebhookConfig(ctx);
    configs.set(ctx.settings, c);
  }
  return c;
}
