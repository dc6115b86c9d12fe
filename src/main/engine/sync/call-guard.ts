/**
 * The time limit and cancellation of a run's connector calls. The run's own signal stops on cancellation
 * of the run (reason RunCancelled) or when one call exceeds its time limit (ProviderTimeout). A pending
 * challenge has its own time limit: a call's clock restarts after it.
 */
import { ProviderTimeout, RunCancelled } from './run-errors';

export class CallGuard {
  private readonly inner = new AbortController();
  private readonly onOuterAbort = () => this.inner.abort(new RunCancelled());

  constructor(
    private readonly outer: AbortSignal,
    private readonly timeoutMs: number,
    private readonly challengePending: () => boolean,
  ) {
    outer.addEventListener('abort', this.onOuterAbort, { once: true });
  }

  /** The signal connectors see. */
  get signal(): AbortSignal {
    return this.inner.signal;
  }

  throwIfAborted(): void {
    if (this.inner.signal.aborted) throw this.inner.signal.reason;
  }

  /** Stops following the run's signal (the run ended). */
  detach(): void {
    this.outer.removeEventListener('abort', this.onOuterAbort);
  }

  /** Runs one connector call under the time limit; rejects with the signal's reason once it is aborted. */
  call<T>(what: string, call: () => Promise<T>): Promise<T> {
    const signal = this.inner.signal;
    return new Promise<T>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      let timer: NodeJS.Timeout;
      const arm = () => {
        timer = setTimeout(() => {
          if (this.challengePending()) return arm();
          this.inner.abort(new ProviderTimeout(what, Math.round(this.timeoutMs / 1000)));
        }, this.timeoutMs);
      };
      const onAbort = () => done(() => reject(signal.reason));
      const done = (fn: () => void) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        fn();
      };
      arm();
      signal.addEventListener('abort', onAbort, { once: true });
      let promise: Promise<T>;
      try {
        promise = Promise.resolve(call());
      } catch (err) {
        promise = Promise.reject(err);
      }
      promise.then(
        (value) => done(() => (signal.aborted ? reject(signal.reason) : resolve(value))),
        (err) => done(() => reject(signal.aborted ? signal.reason : err)),
      );
    });
  }
}
