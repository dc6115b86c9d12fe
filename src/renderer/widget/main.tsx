import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

/** Entry of the hosted widget pages (placeholder until the widget lands). */
createRoot(document.getElementById('widget-root')!).render(
  <StrictMode>
    <p>Coffer widget</p>
  </StrictMode>,
);
