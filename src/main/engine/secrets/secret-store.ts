import { Entry, type EntryOptions } from '@napi-rs/keyring';
import { secretStoreUnavailable } from '../http/errors';

/**
 * Secrets (bank credentials, consent tokens, signing private keys) live only in the OS keychain.
 * Where no keychain is reachable we refuse (503 secret_store_unavailable) rather than store them anywhere
 * else. `namespace` keeps the entries of different data directories apart.
 */
export interface SecretStore {
  /** Throws the 503 ApiError when no keychain can be used. */
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
 * reads) and a read then finds nothing, so a run wrongly concluded its credentials were missing (NEEDS_SECRET).
 * Pinned, the binding throws instead, and the callers' "keychain unavailable" paths apply.
 */
const ENTRY_OPTIONS: EntryOptions = { linux: { store: 'secret-service' } };

/**
 * The binding reports a failed read as "no value" (it cannot tell us a D-Bus time-out from a missing entry),
 * so a read that finds nothing is asked again, briefly, before the value is called missing: at most
 * READ_ATTEMPTS reads, READ_RETRY_MS apart (about a third of a second in all, and only when nothing is found).
 */
const READ_ATTEMPTS = 3;
const READ_RETRY_MS = [100, 250];

export interface EntryLike {
  getPassword(): string | null;
  setPassword(value: string): void;
  deletePassword(): boolean;
}

export interface KeychainOptions {
  /** Told when a read found nothing at first and its value on a later attempt (a transient keychain fault). */
  onReadRetried?: (info: { name: string; attempts: number; found: boolean }) => void;
  /** Tests only: where entries come from (the OS keychain otherwise). */
  entry?: (account: string) => EntryLike;
  /** Tests only: how the retry waits (a short blocking sleep otherwise: reads are synchronous). */
  sleep?: (ms: number) => void;
}

function blockingSleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export class KeychainSecretStore implements SecretStore {
  private availability: { ok: true } | { ok: false; reason: string } | null = null;

  constructor(
    private readonly namespace: string,
    private readonly options: KeychainOptions = {},
  ) {}

  private entry(name: string): EntryLike {
    const account = `${this.namespace}/${name}`;
    return this.options.entry ? this.options.entry(account) : new Entry(SERVICE, account, ENTRY_OPTIONS);
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
    if (!a.ok) throw secretStoreUnavailable(a.reason);
  }

  get(name: string): string | null {
    this.assertAvailable();
    const sleep = this.options.sleep ?? blockingSleep;
    for (let attempt = 1; ; attempt++) {
      // A fresh entry each time: it opens a new D-Bus session to the keychain.
      const value = this.entry(name).getPassword() ?? null;
      if (value !== null || attempt >= READ_ATTEMPTS) {
        if (attempt > 1) this.options.onReadRetried?.({ name, attempts: attempt, found: value !== null });
        return value;
      }
      sleep(READ_RETRY_MS[attempt - 1] ?? READ_RETRY_MS[READ_RETRY_MS.length - 1]);
    }
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
