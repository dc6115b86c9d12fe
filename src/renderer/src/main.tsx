import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
