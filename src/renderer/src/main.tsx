import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startApp } from './App';
import { db } from './lib/db';
import '../core/tokens.css';
import './ui/theme.css';

// A chunk of an older build is gone (the app was updated while open): reload once to get the new one.
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem('coffer-reloaded-at') ?? 0);
  if (Date.now() - last < 10_000) return;
  event.preventDefault();
  sessionStorage.setItem('coffer-reloaded-at', String(Date.now()));
  window.location.reload();
});

// IndexedDB is opened now, while the first render runs and the engine is asked for its status: the session
// and the language are read from it before anything else can show (a failure is kv's, which reads as empty).
void db.open().catch(() => undefined);
startApp();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
