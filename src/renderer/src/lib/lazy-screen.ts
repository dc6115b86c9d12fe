import { createElement, lazy, type ComponentType, type ReactElement } from 'react';

/** A screen in its own chunk that can be fetched before it is shown. */
export interface LazyScreen<P extends object> {
  (props: P): ReactElement;
  /** Fetches the screen's chunk (once); resolves when it can be shown without suspending. */
  preload(): Promise<void>;
}

/**
 * A screen split into its own chunk, like React.lazy, that renders straight away once its chunk has been
 * fetched, and whose chunk can be fetched ahead (`preload`).
 *
 * Why not React.lazy alone: a lazy component suspends on its first render even when its chunk is already
 * there, and React then shows the Suspense fallback and keeps it at least 300 ms before revealing the screen
 * (its throttle against flashing fallbacks). Opening the app on /history spent about 250 ms idle in that
 * throttle, and so did the first visit of every other screen. Fetched ahead, the screen is rendered
 * directly: no fallback, no throttle.
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyScreen<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        // A failed fetch (the engine restarting, an updated build) is tried again on the next use.
        pending = null;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  const Screen = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(Screen, { preload });
}
