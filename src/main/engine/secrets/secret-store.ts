import { Entry, type EntryOptions } from '@napi-rs/keyring';
import { SecretStoreUnavailable } from '../domain/errors';

/**
 * Secrets (bank credentials, consent tokens, signing private keys) live only in the OS keychain.
 * Where no keychain is reachable we refuse (SecretStoreUnavailable, which the API answers as 503
 * secret_store_unavailable) rather than store them anywhere else. `namespace` keeps the entries of different data directories apart.
 */
export interface SecretStore {
  /** Throws SecretStoreUnavailable when no keychain can be used. */
  assertAvailable(): void;
  isAvailable(): boolean;
  get(name: string): string | null;
  set(name: string, value: string): void;
  delete(name: string): void;
}

const SERVICE = 'Coffer';

/**
 * On Linux every entry is pinned to the Secret Service (gnome-keyring, KWallet, …). Left to itself the binding
 * re-checks the Secret Service each time an entry is made and, when that check gets a D-Bus error (a busy
 * daemon, a call that times out under load), silently switches the whole process to the kernel keyutils
 * keyring: a secret written then lands in kernel memory (lost at reboot, invisible to later Secret Service
 * reads) and a read finds nothing, as if the credentials were missing. Pinned, the binding throws instead,
 * and the callers' "keychain unavailable" paths apply (503 secret_store_unavailable, NEEDS_SECRET).
 */
const ENTRY_OPTIONS: EntryOptions = { linux: { store: 'secret-service' } };

export class KeychainSecretStore implements SecretStore {
  private availability: { ok: true } | { ok: false; reason: string } | null = null;

  constructor(private readonly namespace: string) {}

  private entry(name: string): Entry {
    return new Entry(SERVICE, `${this.namespace}/${name}`, ENTRY_OPTIONS);
  }

  private probe(): { ok: true } | { ok: false; reason: string } {
    if (this.availability?.ok) return this.availability;
    try {
      const e = this.entry('probe');
      e.setPassword('probe');
      const back = e.getPassword();
      e.deletePassword();
      this.availability = back === 'probe' ? { ok: true } : { ok: false, reason: 'the keychain did not keep a value' };
    } catch (err) {
      this.availability = { ok: false, reason: (err as Error).message };
    }
    return this.availability;
  }

  isAvailable(): boolean {
    return this.probe().ok;
  }

  assertAvailable(): void {
    const a = this.probe();
    if (!a.ok) throw new SecretStoreUnavailable(a.reason);
  }

  get(name: string): string | null {
    this.assertAvailable();
    return this.entry(name).getPassword() ?? null;
  }

  set(name: string, value: string): void {
    this.assertAvailable();
    this.entry(name).setPassword(value);
  }

  delete(name: string): void {
    if (!this.isAvailable()) return;
    try {
      this.entry(name).deletePassword();
    } catch {
      // already absent
    }
  }
}
