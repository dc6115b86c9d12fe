/**
 * The SimpleFIN screens' texts, English and French. Kept beside the screens (not in the shared dictionaries)
 * so that they can be merged into lib/i18n later without touching the screens' logic.
 */
import type { Language } from '../../../lib/i18n';

const en = {
  shortcut: 'Connect a US/Canadian bank (SimpleFIN)',
  shortcutHint: 'Thousands of US and Canadian banks, card issuers and brokers through the SimpleFIN Bridge.',
  title: 'Connect your US or Canadian banks with SimpleFIN',
  what: 'The SimpleFIN Bridge is a service that signs in to your US and Canadian institutions for you and shares your balances and transactions, read-only, with the apps you choose. Coffer only ever receives read access.',
  cost: 'The Bridge is a paid subscription of its own: about US$1.50 a month or US$15 a year, paid to SimpleFIN (not to Coffer).',
  step1: 'Sign in at the SimpleFIN Bridge and connect your institutions there.',
  step2: 'Create a setup token for Coffer (My account → Apps / New connection).',
  step3:
    'Paste the token below. It works once: Coffer exchanges it for a private access kept only in your computer\u2019s keychain.',
  openBridge: 'Open the SimpleFIN Bridge',
  tokenLabel: 'Setup token',
  showToken: 'Show the token',
  tokenHint: 'A long line of letters and digits; line breaks and spaces from copying are fine.',
  tokenRequired: 'Paste the setup token from the SimpleFIN Bridge.',
  tokenShape: 'This does not look like a setup token (only letters, digits, +, / and = are expected).',
  connect: 'Connect with SimpleFIN',
  connecting: 'Connecting…',
  created: 'SimpleFIN connection added: reading your accounts',
  institutions: 'Institutions',
  otherInstitution: 'Other accounts',
  status_AUTH_FAILED: 'The SimpleFIN Bridge revoked Coffer\u2019s access: renew the setup token',
  help_AUTH_FAILED:
    'The SimpleFIN Bridge refused Coffer\u2019s access: it was revoked, or the setup token had already been used (if you did not use it yourself, it may be compromised: disconnect it at the Bridge). To renew the token, create a new setup token at the Bridge and paste it with “Update credentials”.',
  help_USER_ACTION_REQUIRED:
    'The SimpleFIN Bridge needs you: your subscription may have lapsed, or your institutions need you to sign in again at the Bridge. Fix it at the Bridge, then synchronize.',
  help_SERVICE_UNAVAILABLE:
    'The SimpleFIN Bridge is busy or its daily limit is reached (24 reads a day). Nothing is lost; Coffer tries again tomorrow, or synchronize later.',
  help_PARTIAL_SUCCESS:
    'Some institutions need you to sign in again at the SimpleFIN Bridge; their accounts show an error and keep their data. The other accounts are up to date.',
  renew: 'Paste a new setup token',
  channelLabel: 'SimpleFIN setup token',
  renewHint:
    'Create a new setup token at the SimpleFIN Bridge and paste it here: Coffer exchanges it once for a new access and keeps your accounts and history.',
};

const fr: typeof en = {
  shortcut: 'Connecter une banque américaine ou canadienne (SimpleFIN)',
  shortcutHint:
    'Des milliers de banques, émetteurs de cartes et courtiers américains et canadiens via SimpleFIN Bridge.',
  title: 'Connectez vos banques américaines ou canadiennes avec SimpleFIN',
  what: 'SimpleFIN Bridge est un service qui se connecte pour vous à vos établissements américains et canadiens et partage vos soldes et opérations, en lecture seule, avec les applications de votre choix. Coffer ne reçoit qu\u2019un accès en lecture.',
  cost: 'Le Bridge est un abonnement payant distinct : environ 1,50 US$ par mois ou 15 US$ par an, payé à SimpleFIN (pas à Coffer).',
  step1: 'Connectez-vous au SimpleFIN Bridge et reliez-y vos établissements.',
  step2: 'Créez un jeton de configuration pour Coffer (My account → Apps / New connection).',
  step3:
    'Collez le jeton ci-dessous. Il ne sert qu\u2019une fois : Coffer l\u2019échange contre un accès privé gardé uniquement dans le trousseau de votre ordinateur.',
  openBridge: 'Ouvrir SimpleFIN Bridge',
  tokenLabel: 'Jeton de configuration',
  showToken: 'Afficher le jeton',
  tokenHint:
    'Une longue suite de lettres et de chiffres ; les retours à la ligne et espaces de la copie sont acceptés.',
  tokenRequired: 'Collez le jeton de configuration du SimpleFIN Bridge.',
  tokenShape: 'Ceci ne ressemble pas à un jeton (seuls lettres, chiffres, +, / et = sont attendus).',
  connect: 'Connecter avec SimpleFIN',
  connecting: 'Connexion…',
  created: 'Connexion SimpleFIN ajoutée : lecture de vos comptes',
  institutions: 'Établissements',
  otherInstitution: 'Autres comptes',
  status_AUTH_FAILED: 'SimpleFIN Bridge a révoqué l\u2019accès de Coffer : renouvelez le jeton de configuration',
  help_AUTH_FAILED:
    'SimpleFIN Bridge a refusé l\u2019accès de Coffer : il a été révoqué, ou le jeton avait déjà servi (si ce n\u2019est pas vous, il est peut-être compromis : déconnectez-le sur le Bridge). Pour renouveler le jeton, créez-en un nouveau sur le Bridge et collez-le avec « Mettre à jour les identifiants ».',
  help_USER_ACTION_REQUIRED:
    'SimpleFIN Bridge a besoin de vous : votre abonnement a peut-être expiré, ou vos établissements demandent une nouvelle connexion sur le Bridge. Réglez-le sur le Bridge puis synchronisez.',
  help_SERVICE_UNAVAILABLE:
    'SimpleFIN Bridge est occupé ou sa limite quotidienne est atteinte (24 lectures par jour). Rien n\u2019est perdu ; Coffer réessaie demain, ou synchronisez plus tard.',
  help_PARTIAL_SUCCESS:
    'Certains établissements demandent une nouvelle connexion sur SimpleFIN Bridge ; leurs comptes sont en erreur et gardent leurs données. Les autres comptes sont à jour.',
  renew: 'Coller un nouveau jeton',
  channelLabel: 'Jeton de configuration SimpleFIN',
  renewHint:
    'Créez un nouveau jeton de configuration sur SimpleFIN Bridge et collez-le ici : Coffer l\u2019échange une fois contre un nouvel accès et garde vos comptes et votre historique.',
};

export type SimplefinText = keyof typeof en;

export function simplefinText(lang: Language): typeof en {
  return lang === 'fr' ? fr : en;
}

export const SIMPLEFIN_PROVIDER_ID = '9600';

/**
 * A status sentence in SimpleFIN's words where the generic one would mislead, else undefined: for a SimpleFIN
 * connection AUTH_FAILED means the Bridge revoked Coffer's access (or the setup token was already used), not
 * a rejected login or password (see docs/api/simplefin.md#failures), and the fix is a new setup token. Used by the
 * status lines and toasts.
 */
export function simplefinStatusSentence(lang: Language, providerId: string | undefined, status: string): string | undefined {
  if (providerId !== SIMPLEFIN_PROVIDER_ID || status !== 'AUTH_FAILED') return undefined;
  return simplefinText(lang).status_AUTH_FAILED;
}
export const SIMPLEFIN_BRIDGE_URL = 'https://beta-bridge.simplefin.org/';
/** The account name's "<institution> · <account>" separator (engine connectors/simplefin/mapping.ts). */
export const INSTITUTION_SEPARATOR = ' · ';
