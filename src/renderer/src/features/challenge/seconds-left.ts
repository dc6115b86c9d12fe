import { useEffect, useState } from 'react';

/** Whole seconds from `nowMs` until `expires` (UTC seconds), never below 0: the countdown shown. */
export function secondsLeftAt(expires: number, nowMs: number): number {
  return Math.max(0, Math.floor(expires - nowMs / 1000));
}

/** "m:ss". */
export const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/**
 * The seconds left until the challenge's `expires`, the engine's deadline and the only clock of a countdown.
 * Read from the current time at every render (a value kept from an earlier render showed the time since the
 * app opened added to it: 9:57, then 4:58 one second later), and re-rendered as each whole second passes.
 */
export function useSecondsLeft(expires: number | undefined): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!expires) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      const ms = expires * 1000 - Date.now();
      if (ms <= 0) return;
      // Just after the next whole second before `expires`.
      timer = setTimeout(
        () => {
          setTick((n) => n + 1);
          next();
        },
        (ms % 1000) + 15,
      );
    };
    next();
    return () => clearTimeout(timer);
  }, [expires]);
  return expires ? secondsLeftAt(expires, Date.now()) : 0;
}
