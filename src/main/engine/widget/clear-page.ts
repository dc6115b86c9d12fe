/**
 * The page a widget link shows when it cannot send the user back (no redirect_uri known): an expired or
 * unknown session, or a link with wrong parameters. Plain HTML, no script.
 */
import { escapeHtml } from '../../../shared/html';
import type { WidgetLanguage } from './flow-params';

export type ClearPageKind = 'expired' | 'error';

const TEXT = {
  en: {
    expired: {
      title: 'This link has expired',
      body: 'For your security, this page is only valid for a short time. Go back to the service that sent you here and start again.',
    },
    error: {
      title: 'This page cannot be opened',
      body: 'The link is incomplete or no longer valid. Go back to the service that sent you here and start again.',
    },
    detail: 'Details',
  },
  fr: {
    expired: {
      title: 'Ce lien a expiré',
      body: 'Pour votre sécurité, cette page n’est valable que peu de temps. Revenez au service qui vous a envoyé ici et recommencez.',
    },
    error: {
      title: 'Cette page ne peut pas s’ouvrir',
      body: 'Le lien est incomplet ou n’est plus valable. Revenez au service qui vous a envoyé ici et recommencez.',
    },
    detail: 'Détails',
  },
} as const;


const STYLE =
  ':root{color-scheme:light dark;--bg:#f5f6f4;--card:#fff;--text:#1b2421;--muted:#5c6864;--border:#dfe3df;--accent:#1f6f63}' +
  '@media (prefers-color-scheme:dark){:root{--bg:#121614;--card:#1a1f1d;--text:#e6ebe8;--muted:#a2ada8;--border:#2a322f;--accent:#4fb8a6}}' +
  'body{margin:0;font:15px/1.55 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:var(--bg);color:var(--text)}' +
  'main{max-width:440px;margin:48px auto;padding:28px 24px;background:var(--card);border:1px solid var(--border);border-radius:14px}' +
  'h1{font-size:20px;margin:0 0 10px}p{margin:0 0 12px;color:var(--muted)}' +
  '.mark{width:40px;height:40px;border-radius:50%;display:grid;place-items:center;background:color-mix(in srgb,var(--accent) 14%,transparent);color:var(--accent);font-weight:700;margin-bottom:14px}' +
  'details{font-size:13px;color:var(--muted)}';

export function renderClearPage(lang: WidgetLanguage, kind: ClearPageKind, detail?: string): string {
  const t = TEXT[lang];
  const { title, body } = t[kind];
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="same-origin"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main role="main" aria-labelledby="t"><div class="mark" aria-hidden="true">!</div><h1 id="t">${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p>${
    detail ? `<details><summary>${t.detail}</summary><p>${escapeHtml(detail)}</p></details>` : ''
  }</main></body></html>`;
}
