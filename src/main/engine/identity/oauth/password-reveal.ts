/**
 * The sign-in page's "Show password" toggle. The page otherwise runs no script; this one is allowed by its
 * SHA-256 hash in the page's Content-Security-Policy (`script-src 'sha256-…'`), so no other inline or remote
 * script can run. Without the script (an older policy, scripts off) the button stays hidden and the field
 * works as a plain password field.
 */
import { createHash } from 'node:crypto';

const SCRIPT =
  "(function(){var b=document.getElementById('reveal'),i=document.getElementById('password');if(!b||!i)return;" +
  "b.hidden=false;b.addEventListener('click',function(){var s=i.type==='password';i.type=s?'text':'password';" +
  "b.setAttribute('aria-pressed',String(s));});})();";

/** The value to add to the page's `script-src`. */
export const REVEAL_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

export const REVEAL_STYLE =
  '.pw{position:relative}.pw input{padding-right:46px}' +
  '.reveal{position:absolute;top:3px;right:3px;bottom:3px;flex:none;width:auto;padding:0 10px;border:0;' +
  'border-radius:6px;font-size:12.5px;font-weight:600;color:var(--muted);background:transparent}' +
  ".reveal[aria-pressed='true']{color:var(--text)}.reveal:focus-visible{outline:2px solid var(--accent)}";

/**
 * The password input and its toggle (a button with aria-pressed, reached with Tab after the field), then the
 * script. `label` is the button's text, in the page's language.
 */
export function passwordWithReveal(input: string, label: string): string {
  return (
    `<div class="pw">${input}<button type="button" id="reveal" class="reveal" aria-pressed="false" ` +
    `aria-controls="password" hidden>${label}</button></div><script>${SCRIPT}</script>`
  );
}
