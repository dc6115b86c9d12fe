import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import '../core/tokens.css';
import './widget.css';

/** Entry of the hosted widget pages ({widget_url}/widget/<page>): a light React page of its own. */
createRoot(document.getElementById('widget-root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
