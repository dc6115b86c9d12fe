import { useCallback, useEffect, useRef, useState } from 'react';

/** Runs a loader when the screen opens (and on `reload`); the latest answer wins. */
export function useAsync<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const seq = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const run = useCallback(() => {
    const n = ++seq.current;
    setState((s) => ({ ...s, loading: true }));
    loadRef.current().then(
      (data) => n === seq.current && setState({ data, loading: false }),
      (error) => n === seq.current && setState({ error, loading: false }),
    );
  }, []);
  useEffect(run, deps);
  return { ...state, reload: run, setData: (data: T) => setState({ data, loading: false }) };
}
