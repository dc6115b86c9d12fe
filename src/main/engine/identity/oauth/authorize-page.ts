import type { UserScope } from '../../auth/scopes';
import type { Language } from '../../../../shared/language';
import { escapeHtml } from '../../../../shared/html';
import { SCOPE_WORDS } from './scope-words';
import { passwordWithReveal, REVEAL_SCRIPT_SOURCE, REVEAL_STYLE } from './password-reveal';

/**
 * The login-and-consent page of {auth_url}/authorize: one self-contained HTML document, inline CSS, and one
 * script only (the show-password toggle, allowed by its hash), so it renders under a strict
 * Content-Security-Policy.
 */
const TEXT = {
  en: {
    title: 'Sign in to Coffer',
    asks: (app: string) => `<strong>${app}</strong> wants to use your Coffer data. It will be able to:`,
    returnsTo: 'After your answer you go back to',
    email: 'E-mail',
    password: 'Password',
    showPassword: 'Show',
    allow: 'Sign in and allow',
    signIn: 'Sign in',
    signInIntro: 'Sign in to open your Coffer.',
    deny: 'Deny',
    local: 'Coffer runs on this computer: your password and your data never leave it.',
    errorTitle: 'This sign-in link cannot be used',
    errorHint: 'Go back to the application that sent you here and try again.',
  },
  fr: {
    title: 'Connexion à Coffer',
    asks: (app: string) => `<strong>${app}</strong> souhaite utiliser vos données Coffer. Elle pourra :`,
    returnsTo: 'Après votre réponse, vous revenez vers',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    showPassword: 'Afficher',
    allow: 'Me connecter et autoriser',
    signIn: 'Me connecter',
    signInIntro: 'Connectez-vous pour ouvrir votre Coffer.',
    deny: 'Refuser',
    local: 'Coffer fonctionne sur cet ordinateur : votre mot de passe et vos données ne le quittent jamais.',
    errorTitle: 'Ce lien de connexion ne peut pas être utilisé',
    errorHint: "Revenez à l'application qui vous a envoyé ici et réessayez.",
  },
} as const;

export const MESSAGES = {
  wrongPassword: { en: 'Wrong e-mail or password.', fr: 'Adresse e-mail ou mot de passe incorrect.' },
  missing: { en: 'Enter your e-mail and your password.', fr: 'Saisissez votre adresse e-mail et votre mot de passe.' },
  throttled: {
    en: (s: number) => `Too many failed attempts. Wait ${s} s before trying again.`,
    fr: (s: number) => `Trop d'essais infructueux. Patientez ${s} s avant de réessayer.`,
  },
} as const;

const STYLE = `
:root{color-scheme:light dark;--bg:#f3f5f8;--card:#fff;--text:#1c2430;--muted:#5d6b7e;--line:#d8dee7;--accent:#1f6feb;--accent-text:#fff;--err-bg:#fdecec;--err:#a4161a}
@media (prefers-color-scheme:dark){:root{--bg:#11161d;--card:#1a212b;--text:#e6ebf2;--muted:#9aa7b8;--line:#2e3846;--accent:#4c8dff;--err-bg:#3a1d1f;--err:#ffb3b3}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:var(--bg);color:var(--text);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Ubuntu,sans-serif;padding:24px}
main{width:100%;max-width:420px;background:var(--card);border:1px solid var(--line);border-radius:14px;padding:28px 28px 20px;box-shadow:0 10px 30px rgba(0,0,0,.08)}
.brand{display:flex;align-items:center;gap:10px;margin-bottom:18px}
.logo{width:34px;height:34px;border-radius:9px;background:var(--accent);color:var(--accent-text);display:flex;align-items:center;justify-content:center;font-weight:700;font-size:18px}
h1{font-size:20px;margin:0}
p{margin:0 0 12px}
ul{margin:0 0 14px;padding:0;list-style:none}
li{padding:7px 0 7px 26px;position:relative;border-top:1px solid var(--line)}
li:last-child{border-bottom:1px solid var(--line)}
li::before{content:"✓";position:absolute;left:4px;color:var(--accent);font-weight:700}
.muted{color:var(--muted);font-size:13px}
.target{word-break:break-all;font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12.5px}
label{display:block;font-weight:600;margin:14px 0 6px}
input[type=email],input[type=password],.pw input{width:100%;padding:10px 12px;border:1px solid var(--line);border-radius:8px;background:transparent;color:inherit;font:inherit}
input:focus{outline:2px solid var(--accent);outline-offset:1px}
.error{background:var(--err-bg);color:var(--err);border-radius:8px;padding:10px 12px;margin:12px 0 0}
.actions{display:flex;flex-direction:row-reverse;gap:10px;margin-top:20px}
button{flex:1;padding:11px 14px;border-radius:8px;font:inherit;font-weight:600;cursor:pointer;border:1px solid var(--line);background:transparent;color:inherit}
button.primary{background:var(--accent);border-color:var(--accent);color:var(--accent-text)}
footer{display:flex;justify-content:space-between;gap:12px;margin-top:18px;padding-top:12px;border-top:1px solid var(--line)}
footer a{color:var(--muted)}
.langs{white-space:nowrap}
`;

function layout(lang: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="same-origin"><title>${escapeHtml(title)}</title><style>${STYLE}${REVEAL_STYLE}</style></head>
<body><main>${body}</main></body></html>
`;
}

export interface ConsentPageInput {
  lang: Language;
  /** The installation's own app (app-session/app-client.ts): a plain sign-in, no consent asked. */
  firstParty?: boolean;
  clientName: string;
  scopes: readonly UserScope[];
  redirectUri: string;
  /** The authorization request, carried through the form as hidden fields. */
  hidden: Record<string, string | undefined>;
  email?: string;
  error?: string;
  /** Query strings of the same page in English and in French. */
  languageLinks: Record<Language, string>;
}

export function renderConsentPage(input: ConsentPageInput): string {
  const t = TEXT[input.lang];
  const target = (() => {
    try {
      const u = new URL(input.redirectUri);
      return `${u.protocol}//${u.host}`;
    } catch {
      return input.redirectUri;
    }
  })();
  const hidden = Object.entries({ ...input.hidden, lng: input.lang })
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v!)}">`)
    .join('');
  const body = `
<div class="brand"><div class="logo" aria-hidden="true">C</div><h1>${t.title}</h1></div>
${
  input.firstParty
    ? `<p>${t.signInIntro}</p>`
    : `<p>${t.asks(escapeHtml(input.clientName))}</p>
<ul>${input.scopes.map((s) => `<li>${escapeHtml(SCOPE_WORDS[s][input.lang])}</li>`).join('')}</ul>
<p class="muted">${t.returnsTo} <span class="target">${escapeHtml(target)}</span></p>`
}
<form method="post" action="/auth/authorize" autocomplete="on">${hidden}
<label for="email">${t.email}</label>
<input id="email" name="email" type="email" required autocomplete="username" value="${escapeHtml(input.email ?? '')}"${input.email ? '' : ' autofocus'}>
<label for="password">${t.password}</label>
${passwordWithReveal(
  `<input id="password" name="password" type="password" required autocomplete="current-password"${input.email ? ' autofocus' : ''}>`,
  t.showPassword,
)}
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<!-- Allow comes first so that pressing Enter allows; row-reverse shows it on the right. -->
<div class="actions">
<button type="submit" name="decision" value="allow" class="primary">${input.firstParty ? t.signIn : t.allow}</button>
${input.firstParty ? '' : `<button type="submit" name="decision" value="deny" formnovalidate>${t.deny}</button>`}
</div></form>
<footer><span class="muted">${t.local}</span>
<span class="muted langs"><a href="?${escapeHtml(input.languageLinks.en)}" hreflang="en">EN</a> · <a href="?${escapeHtml(input.languageLinks.fr)}" hreflang="fr">FR</a></span></footer>`;
  return layout(input.lang, t.title, body);
}

export function renderAuthorizeErrorPage(lang: Language, description: string): string {
  const t = TEXT[lang];
  return layout(
    lang,
    t.errorTitle,
    `<div class="brand"><div class="logo" aria-hidden="true">C</div><h1>${t.errorTitle}</h1></div>
<p class="error" role="alert">${escapeHtml(description)}</p><p class="muted" style="margin-top:12px">${t.errorHint}</p>`,
  );
}

/** The bank consent page's CSP: inline style only, and the form may lead (through our redirect) to the client. */
export function consentPageCsp(redirectUri?: string): string {
  let target = '';
  if (redirectUri) {
    try {
      const u = new URL(redirectUri);
      target = u.protocol === 'http:' || u.protocol === 'https:' ? ` ${u.protocol}//${u.host}` : ` ${u.protocol}`;
    } catch {
      // no extra form target
    }
  }
  return `default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'${target}; base-uri 'none'; frame-ancestors 'none'`;
}

/** The sign-in page's CSP: the same, plus its show-password script, allowed by its hash and nothing else. */
export function signInPageCsp(redirectUri?: string): string {
  return consentPageCsp(redirectUri).replace("default-src 'none';", `default-src 'none'; script-src ${REVEAL_SCRIPT_SOURCE};`);
}
