/**
 * The Coffer Test Bank's PSD2 consent page (served by the engine, docs/api/providers-and-test-bank.md#test-bank): sign
 * in with a test-bank login, choose the accounts to share, approve or refuse. One self-contained HTML document, inline
 * CSS, no script (it renders under a strict Content-Security-Policy), in English and French.
 */
import type { Language } from '../../../shared/language';

const TEXT = {
  en: {
    bank: 'Coffer Test Bank',
    signInTitle: 'Authorize access to your accounts',
    signInIntro: 'An application asks to read your payment accounts (current accounts and cards) for 90 days.',
    login: 'Test bank login',
    loginHint: 'Any login works; e.g. user_ok. Logins decide the simulated behaviour.',
    next: 'Continue',
    chooseTitle: 'Choose the accounts to share',
    chooseIntro: (login: string) =>
      `Signed in as <strong>${login}</strong>. The application will see the balance and the transactions of the accounts you select, for 90 days.`,
    approve: 'Approve',
    refuse: 'Refuse',
    noAccount: 'This customer has no payment account to share.',
    chooseOne: 'Select at least one account, or refuse.',
    returnsTo: 'Afterwards you go back to',
    simulated: 'Simulated bank for testing: nothing here is a real bank.',
    errorTitle: 'This consent link cannot be used',
    expired: 'The consent link has expired. Go back to the application and start again.',
    invalid: 'The consent link is not valid. Go back to the application and start again.',
    badLogin: 'Enter a login of 1 to 64 characters.',
    types: { CHECKINGS: 'Current account', CREDIT_CARD: 'Card', SAVINGS: 'Savings', LOAN: 'Loan' } as Record<
      string,
      string
    >,
  },
  fr: {
    bank: 'Coffer Test Bank',
    signInTitle: 'Autoriser l’accès à vos comptes',
    signInIntro:
      'Une application demande à consulter vos comptes de paiement (comptes courants et cartes) pendant 90 jours.',
    login: 'Identifiant de la banque de test',
    loginHint: 'Tout identifiant convient ; par exemple user_ok. L’identifiant choisit le comportement simulé.',
    next: 'Continuer',
    chooseTitle: 'Choisissez les comptes à partager',
    chooseIntro: (login: string) =>
      `Connecté en tant que <strong>${login}</strong>. L’application verra le solde et les opérations des comptes choisis, pendant 90 jours.`,
    approve: 'Autoriser',
    refuse: 'Refuser',
    noAccount: 'Ce client n’a aucun compte de paiement à partager.',
    chooseOne: 'Choisissez au moins un compte, ou refusez.',
    returnsTo: 'Ensuite, vous revenez vers',
    simulated: 'Banque simulée pour les tests : rien ici n’est une vraie banque.',
    errorTitle: 'Ce lien de consentement ne peut pas être utilisé',
    expired: 'Le lien de consentement a expiré. Revenez à l’application et recommencez.',
    invalid: 'Le lien de consentement n’est pas valide. Revenez à l’application et recommencez.',
    badLogin: 'Saisissez un identifiant de 1 à 64 caractères.',
    types: { CHECKINGS: 'Compte courant', CREDIT_CARD: 'Carte', SAVINGS: 'Épargne', LOAN: 'Prêt' } as Record<
      string,
      string
    >,
  },
} as const;

export const consentText = (lang: Language) => TEXT[lang];

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const STYLE = `
:root{color-scheme:light dark;--bg:#eef2f6;--card:#fff;--text:#17202b;--muted:#5b687a;--line:#d6dde6;--brand:#0b6e4f;--brand-text:#fff;--soft:#e7f4ef;--err-bg:#fdecec;--err:#a4161a}
@media (prefers-color-scheme:dark){:root{--bg:#0f1419;--card:#18202a;--text:#e5ebf1;--muted:#98a6b7;--line:#2c3744;--brand:#2fb98a;--brand-text:#06140f;--soft:#143227;--err-bg:#3a1d1f;--err:#ffb3b3}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:var(--bg);color:var(--text);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Ubuntu,sans-serif;padding:24px}
main{width:100%;max-width:460px;background:var(--card);border:1px solid var(--line);border-radius:16px;overflow:hidden;box-shadow:0 12px 32px rgba(0,0,0,.09)}
header{display:flex;align-items:center;gap:12px;padding:18px 26px;background:var(--brand);color:var(--brand-text)}
.mark{width:34px;height:34px;border-radius:50%;border:2px solid currentColor;display:flex;align-items:center;justify-content:center;font-weight:800;letter-spacing:-.5px}
header strong{font-size:17px}
section{padding:22px 26px 8px}
h1{font-size:19px;margin:0 0 8px}
p{margin:0 0 12px}
.muted{color:var(--muted);font-size:13px}
label.field{display:block;font-weight:600;margin:14px 0 6px}
input[type=text]{width:100%;padding:10px 12px;border:1px solid var(--line);border-radius:8px;background:transparent;color:inherit;font:inherit}
input:focus{outline:2px solid var(--brand);outline-offset:1px}
.accounts{list-style:none;margin:10px 0 4px;padding:0;border:1px solid var(--line);border-radius:10px}
.accounts li+li{border-top:1px solid var(--line)}
.accounts label{display:flex;align-items:center;gap:12px;padding:11px 14px;cursor:pointer}
.accounts input{width:18px;height:18px;accent-color:var(--brand)}
.accounts .name{font-weight:600}
.accounts .kind{display:block;color:var(--muted);font-size:12.5px}
.error{background:var(--err-bg);color:var(--err);border-radius:8px;padding:10px 12px;margin:12px 0 0}
.actions{display:flex;flex-direction:row-reverse;gap:10px;margin:20px 0 14px}
button{flex:1;padding:11px 14px;border-radius:8px;font:inherit;font-weight:600;cursor:pointer;border:1px solid var(--line);background:transparent;color:inherit}
button.primary{background:var(--brand);border-color:var(--brand);color:var(--brand-text)}
.target{word-break:break-all;font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12.5px}
footer{display:flex;justify-content:space-between;gap:12px;padding:12px 26px 16px;border-top:1px solid var(--line)}
footer a{color:var(--muted)}
.langs{white-space:nowrap}
.note{background:var(--soft);border-radius:8px;padding:8px 12px;font-size:13px}
`;

function layout(lang: Language, title: string, body: string, languageLinks?: Record<Language, string>): string {
  const t = TEXT[lang];
  const links = languageLinks
    ? `<span class="muted langs"><a href="?${escapeHtml(languageLinks.en)}" hreflang="en">EN</a> · <a href="?${escapeHtml(languageLinks.fr)}" hreflang="fr">FR</a></span>`
    : '';
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="same-origin"><title>${escapeHtml(title)} · ${t.bank}</title><style>${STYLE}</style></head>
<body><main><header><div class="mark" aria-hidden="true">TB</div><strong>${t.bank}</strong></header>
${body}
<footer><span class="muted">${t.simulated}</span>${links}</footer></main></body></html>
`;
}

function hiddenFields(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
}

function returnsTo(lang: Language, redirectUri: string): string {
  let target = redirectUri;
  try {
    const u = new URL(redirectUri);
    target = `${u.protocol}//${u.host}`;
  } catch {
    // shown as given
  }
  return `<p class="muted">${TEXT[lang].returnsTo} <span class="target">${escapeHtml(target)}</span></p>`;
}

export interface ConsentPageBase {
  lang: Language;
  /** Form action (the page's own path). */
  action: string;
  /** The signed link parameters, carried through the forms. */
  hidden: Record<string, string>;
  redirectUri: string;
  languageLinks: Record<Language, string>;
}

export function renderSignIn(input: ConsentPageBase & { login?: string; error?: string }): string {
  const t = TEXT[input.lang];
  const body = `<section>
<h1>${t.signInTitle}</h1>
<p>${t.signInIntro}</p>
<form method="post" action="${escapeHtml(input.action)}" autocomplete="off">${hiddenFields({ ...input.hidden, step: 'login', lng: input.lang })}
<label class="field" for="login">${t.login}</label>
<input id="login" name="login" type="text" required maxlength="64" autofocus value="${escapeHtml(input.login ?? '')}">
<p class="muted" style="margin-top:6px">${t.loginHint}</p>
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<div class="actions">
<button type="submit" name="decision" value="continue" class="primary">${t.next}</button>
<button type="submit" name="decision" value="refuse" formnovalidate>${t.refuse}</button>
</div></form>
${returnsTo(input.lang, input.redirectUri)}
</section>`;
  return layout(input.lang, t.signInTitle, body, input.languageLinks);
}

export interface ConsentAccountChoice {
  reference: string;
  name: string;
  type: string;
  currency: string;
  checked: boolean;
}

export function renderChooseAccounts(
  input: ConsentPageBase & { login: string; accounts: ConsentAccountChoice[]; error?: string },
): string {
  const t = TEXT[input.lang];
  const list = input.accounts.length
    ? `<ul class="accounts">${input.accounts
        .map(
          (
            a,
            i,
          ) => `<li><label for="acc${i}"><input id="acc${i}" type="checkbox" name="accounts" value="${escapeHtml(a.reference)}"${a.checked ? ' checked' : ''}>
<span><span class="name">${escapeHtml(a.name)}</span><span class="kind">${escapeHtml(t.types[a.type] ?? a.type)} · ${escapeHtml(a.currency)} · ${escapeHtml(a.reference)}</span></span></label></li>`,
        )
        .join('')}</ul>`
    : `<p class="note">${t.noAccount}</p>`;
  const body = `<section>
<h1>${t.chooseTitle}</h1>
<p>${t.chooseIntro(escapeHtml(input.login))}</p>
<form method="post" action="${escapeHtml(input.action)}">${hiddenFields({ ...input.hidden, step: 'decide', login: input.login, lng: input.lang })}
${list}
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<div class="actions">
${input.accounts.length ? `<button type="submit" name="decision" value="approve" class="primary">${t.approve}</button>` : ''}
<button type="submit" name="decision" value="refuse">${t.refuse}</button>
</div></form>
${returnsTo(input.lang, input.redirectUri)}
</section>`;
  return layout(input.lang, t.chooseTitle, body, input.languageLinks);
}

export function renderConsentError(lang: Language, reason: 'expired' | 'invalid'): string {
  const t = TEXT[lang];
  return layout(
    lang,
    t.errorTitle,
    `<section><h1>${t.errorTitle}</h1><p class="error" role="alert">${t[reason]}</p></section>`,
  );
}
