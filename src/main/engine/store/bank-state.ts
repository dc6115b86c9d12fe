/**
 * Provider-wide connector memory (ConnectorContext.bankState): one live object per provider, shared by
 * every run, persisted in the settings table under `bank_state/<provider id>`.
 */
/**
 * The untyped side of the installation's settings (the engine's `Settings` is one): declared here, by the
 * store that uses it, so that the store does not depend on the settings module built on top of it.
 */
export interface RawSettings {
  getRaw<T>(key: string): T | undefined;
  setRaw(key: string, value: unknown): void;
}

export class BankStateStore {
  private readonly live = new Map<string, Record<string, unknown>>();

  constructor(private readonly settings: RawSettings) {}

  of(providerId: string): Record<string, unknown> {
    let state = this.live.get(providerId);
    if (!state) {
      const saved = this.settings.getRaw<unknown>(this.key(providerId));
      state =
        saved && typeof saved === 'object' && !Array.isArray(saved)
          ? structuredClone(saved as Record<string, unknown>)
          : {};
      this.live.set(providerId, state);
    }
    return state;
  }

  save(providerId: string): void {
    const state = this.live.get(providerId);
    if (!state) return;
    try {
      this.settings.setRaw(this.key(providerId), JSON.parse(JSON.stringify(state)));
    } catch {
      // A connector put something that is not JSON in its memory: keep the last good copy.
    }
  }

  /**
   * The provider's state as a settings row (a JSON copy taken now), for writing together with a run's
   * results; undefined when there is none or it is not JSON. The live copy is saved again after the run.
   */
  row(providerId: string): { key: string; value: unknown } | undefined {
    const state = this.live.get(providerId);
    if (!state) return undefined;
    try {
      return { key: this.key(providerId), value: JSON.parse(JSON.stringify(state)) as unknown };
    } catch {
      return undefined;
    }
  }

  private key(providerId: string): string {
    return `bank_state/${providerId}`;
  }
}
