import { useEffect, useState } from 'react';

/** Placeholder shell of the app until the UI lands: shows that the engine answers. */
export function App() {
  const [status, setStatus] = useState<'checking' | 'ok' | 'down'>('checking');
  useEffect(() => {
    fetch('/health')
      .then((r) => setStatus(r.ok ? 'ok' : 'down'))
      .catch(() => setStatus('down'));
  }, []);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32 }}>
      <h1>Coffer</h1>
      <p data-testid="engine-status">Engine: {status === 'ok' ? 'running' : status}</p>
    </main>
  );
}
