/** A counting semaphore whose limit is read at every acquisition (a settings change applies at once). */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<{ grant: () => void; signal?: AbortSignal; onAbort?: () => void }> = [];

  constructor(private readonly limit: () => number) {}

  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Resolves with the release function once a slot is free; rejects with the signal's reason if aborted first. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const grant = () => {
        this.active++;
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.active--;
          this.pump();
        });
      };
      if (this.active < this.max() && this.waiting.length === 0) return grant();
      const entry: { grant: () => void; signal?: AbortSignal; onAbort?: () => void } = { grant, signal };
      if (signal) {
        entry.onAbort = () => {
          const i = this.waiting.indexOf(entry);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(signal.reason);
        };
        signal.addEventListener('abort', entry.onAbort, { once: true });
      }
      this.waiting.push(entry);
    });
  }

  private max(): number {
    const n = Math.floor(this.limit());
    return Number.isFinite(n) && n >= 1 ? n : 1;
  }

  private pump(): void {
    while (this.active < this.max() && this.waiting.length > 0) {
      const next = this.waiting.shift()!;
      if (next.signal && next.onAbort) next.signal.removeEventListener('abort', next.onAbort);
      next.grant();
    }
  }
}
