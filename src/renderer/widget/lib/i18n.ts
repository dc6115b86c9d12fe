/** The widget's texts, in English and French (lng=en|fr, default fr). `{name}` marks a value. */
import { createContext, useContext } from 'react';
import type { Language } from '../../../shared/language';
import { errorsEn } from '../../core/i18n/errors.en';
import { errorsFr } from '../../core/i18n/errors.fr';
import { translatorFor, type Vars } from '../../core/i18n/translate';

const en = {
  ...errorsEn,
  'app.title': 'Connect your bank',
  'app.footer': 'Secure connection · your data stays on this computer',
  'app.language': 'Language',
  'app.loading': 'Loading…',
  'app.back': 'Back',
  'app.continue': 'Continue',
  'app.close': 'Close',
  'app.cancel': 'Cancel',
  'app.retry': 'Try again',
  'app.done': 'Done',
  'error.network': 'The service cannot be reached. Check that Coffer is running, then try again.',
  'error.scope': 'This link does not allow this operation. Ask the service that sent you here for a new link.',
  'error.generic':
    'This did not work and nothing was changed. Try again; if it happens again, close this window and start again from the service that sent you here.',
  'error.title': 'Something went wrong',
  'error.noSession': 'This link is incomplete: it has no session.',

  'terms.title': 'Terms of use',
  'terms.intro': 'Before you continue, please read and accept the terms of use.',
  'terms.accept': 'I accept',
  'terms.decline': 'Decline',
  'terms.acceptedTitle': 'Terms accepted',
  'terms.acceptedBody': 'Thank you. You can now continue.',

  'provider.title': 'Choose your bank',
  'provider.subtitle': 'Search by name and country.',
  'provider.search': 'Bank name',
  'provider.searchPlaceholder': 'e.g. Test Bank',
  'provider.country': 'Country',
  'provider.allCountries': 'All countries',
  'provider.none': 'No bank matches your search.',
  'provider.results': '{n} result(s)',

  'channel.title': 'What would you like to connect?',
  'channel.subtitle': '{bank} offers two ways to connect.',
  'channel.redirect': 'Payment accounts',
  'channel.redirectHint': 'Current accounts and cards, authorized on your bank’s secure site',
  'channel.embedded': 'Savings and loans',
  'channel.embeddedHint': 'Savings, investments and loans, with your online banking identifiers',

  'creds.title': 'Sign in to {bank}',
  'creds.subtitle': 'Enter the identifiers you use for your online banking.',
  'creds.editTitle': 'Update your {bank} identifiers',
  'creds.editSubtitle': 'Fields left empty keep their current value.',
  'creds.current': 'Current value: {masked}',
  'creds.submit': 'Connect',
  'creds.update': 'Update',
  'creds.sending': 'Connecting…',
  'creds.required': 'Fill in this field.',
  'creds.invalid':
    'This does not look like what your bank gives for this field. Check it against what your bank sent you (nothing missing, no extra spaces), then type it again.',
  'creds.encrypted': 'Your password is encrypted before it leaves this page.',
  'creds.show': 'Show',
  'creds.hide': 'Hide',

  'redirect.title': 'Continue on {bank}’s site',
  'redirect.renewTitle': 'Renew access to {bank}',
  'redirect.body':
    'You will sign in on your bank’s secure site and choose the accounts to share. Access lasts 90 days and can then be renewed.',
  'redirect.go': 'Continue to {bank}',
  'redirect.opening': 'Opening your bank’s page…',
  'redirect.waiting': 'Finish in the window of your bank. This page continues on its own.',
  'redirect.blocked': 'Your browser blocked the bank’s window.',
  'redirect.openManually': 'Open the bank’s page',
  'redirect.denied':
    'You did not authorize access at your bank, so nothing was connected. Continue to try again, or close this window to leave.',
  'redirect.unavailable': 'Your bank’s service is not available right now. Nothing was connected: try again in a few minutes.',
  'redirect.rejected':
    'Your bank did not accept the request (it answered “{code}”). Nothing was connected: try again; if it happens again, close this window.',
  'redirect.unknown':
    'Your bank did not authorize the connection (it answered “{code}”). Nothing was connected: try again, or close this window to leave.',
  'redirect.lost': 'Your bank’s answer could not be matched to this page. Start again.',
  'redirect.returned': 'Back from your bank. Finishing…',
  'redirect.closeWindow': 'You can close this window.',

  'sync.title': 'Connecting to {bank}',
  'sync.keepOpen': 'This usually takes a few seconds. Keep this page open.',
  'sync.step.sent': 'Identifiers sent securely',
  'sync.step.bank': 'Signing in to your bank',
  'sync.step.data': 'Retrieving accounts and transactions',
  'sync.listed': '{n} account(s) found',
  'sync.leaving': 'Your identifiers are accepted. Your accounts will appear shortly.',
  'sync.waitingRun': 'Finishing the current update first…',

  'challenge.title': 'Confirm it’s you',
  'challenge.subtitle': 'Your bank asks for an extra confirmation.',
  'challenge.submit': 'Confirm',
  'challenge.cancel': 'Cancel the confirmation',
  'challenge.expires': 'Time left: {time}',
  'challenge.none': 'Your bank is not asking for a code right now.',
  'challenge.waiting': 'Waiting for your bank’s request…',
  'challenge.checking': 'Checking the code…',

  'outcome.title': 'The connection did not succeed',
  'outcome.partial': 'Some accounts could not be retrieved. The others are up to date.',
  'status.AUTH_FAILED': 'Your bank refused the identifier or the password. Check them and try again.',
  'status.CHALLENGE_FAILED': 'The confirmation code was refused.',
  'status.CHALLENGE_TIMED_OUT': 'The confirmation code was not entered in time.',
  'status.CHALLENGE_CANCELLED': 'The confirmation was cancelled.',
  'status.NEEDS_SECRET': 'Your identifiers are missing: enter them again.',
  'status.TOKEN_EXPIRED': 'Access to your bank has expired: renew it.',
  'status.TOO_MANY_ATTEMPTS':
    'Too many failed attempts: your bank has blocked access for now. Unblock it with your bank, then come back.',
  'status.PASSWORD_CHANGE_REQUIRED':
    'Your bank asks you to change your password. Change it on your bank’s site, then update it here.',
  'status.USER_ACTION_REQUIRED':
    'Your bank needs you to do something on its site (read a message, accept new conditions) before it shares your data.',
  'status.SERVICE_UNAVAILABLE': 'Your bank’s service is unavailable right now. Try again later.',
  'status.FAILED': 'The connection failed. Try again later.',
  'status.other': 'The connection ended with the status {status}.',

  'select.title': 'Choose the accounts to share',
  'select.subtitle': '{bank} found these accounts. Only the ones you tick are shared.',
  'select.all': 'Select all',
  'select.submit': 'Share the selected accounts ({n})',
  'select.none': 'Tick at least one account.',
  'select.empty': 'No account is waiting for your consent.',

  'addChannel.title': 'Add your other accounts?',
  'addChannel.bodyEmbedded': '{bank} can also bring in your {types}, with your online banking identifiers.',
  'addChannel.bodyRedirect': '{bank} can also bring in your {types}, authorized on your bank’s secure site.',
  'addChannel.add': 'Add them',
  'addChannel.skip': 'Not now',

  'summary.title': 'Your accounts are connected',
  'summary.subtitle': '{bank}: {n} account(s).',
  'summary.empty': 'No account was found yet.',

  'done.success': 'All set',
  'done.error': 'The operation did not complete',
  'done.expired': 'This session has expired',
  'done.body': 'You can close this window.',

  'edit.title': 'Your connection: {connection}',
  'edit.subtitle': 'Update your identifiers, renew access or add accounts.',
  'edit.update': 'Update the identifiers',
  'edit.renew': 'Renew access',
  'edit.add': 'Add',
  'edit.lastSync': 'Updated {date}',
  'edit.notAdded': 'Not added yet',

  'pro.title': 'Professional accounts',
  'pro.subtitle':
    'These accounts look like professional accounts. Confirm the ones you want to share; the others stay paused.',
  'pro.submit': 'Confirm the selected accounts ({n})',
  'pro.none': 'No professional account is waiting for your confirmation.',

  'manage.title': 'Accounts you share',
  'manage.subtitle': 'Tick the accounts your connection {connection} may share. Unticked accounts are no longer updated.',
  'manage.look': 'Look for new accounts',
  'manage.looking': 'Looking for new accounts at your bank…',
  'manage.save': 'Save my choice',
  'manage.new': 'New',
  'manage.empty': 'This connection has no account yet.',
  'manage.lookFailed': 'New accounts could not be looked for now.',

  'type.CHECKINGS': 'Current account',
  'type.SAVINGS': 'Savings',
  'type.LOAN': 'Loan',
  'type.CREDIT_CARD': 'Card',
  'types.CHECKINGS': 'current accounts',
  'types.SAVINGS': 'savings accounts',
  'types.LOAN': 'loans',
  'types.CREDIT_CARD': 'cards',
  'mode.REDIRECT': 'Payment accounts',
  'mode.EMBEDDED': 'Savings and loans',
  'channelStatus.ok': 'Connected',
  'channelStatus.error': 'Needs attention',
  'channelStatus.running': 'Updating…',
};

export type TextKey = keyof typeof en;

const fr: Record<TextKey, string> = {
  ...errorsFr,
  'app.title': 'Connecter votre banque',
  'app.footer': 'Connexion sécurisée · vos données restent sur cet ordinateur',
  'app.language': 'Langue',
  'app.loading': 'Chargement…',
  'app.back': 'Retour',
  'app.continue': 'Continuer',
  'app.close': 'Fermer',
  'app.cancel': 'Annuler',
  'app.retry': 'Réessayer',
  'app.done': 'Terminer',
  'error.network': 'Le service est injoignable. Vérifiez que Coffer est lancé, puis réessayez.',
  'error.scope': 'Ce lien ne permet pas cette opération. Demandez un nouveau lien au service qui vous a envoyé ici.',
  'error.generic':
    'Cela n’a pas fonctionné et rien n’a été modifié. Réessayez ; si cela se reproduit, fermez cette fenêtre et recommencez depuis le service qui vous a envoyé ici.',
  'error.title': 'Une erreur s’est produite',
  'error.noSession': 'Ce lien est incomplet : il n’a pas de session.',

  'terms.title': 'Conditions d’utilisation',
  'terms.intro': 'Avant de continuer, lisez et acceptez les conditions d’utilisation.',
  'terms.accept': 'J’accepte',
  'terms.decline': 'Refuser',
  'terms.acceptedTitle': 'Conditions acceptées',
  'terms.acceptedBody': 'Merci. Vous pouvez maintenant continuer.',

  'provider.title': 'Choisissez votre banque',
  'provider.subtitle': 'Recherchez par nom et par pays.',
  'provider.search': 'Nom de la banque',
  'provider.searchPlaceholder': 'ex. Test Bank',
  'provider.country': 'Pays',
  'provider.allCountries': 'Tous les pays',
  'provider.none': 'Aucune banque ne correspond à votre recherche.',
  'provider.results': '{n} résultat(s)',

  'channel.title': 'Que souhaitez-vous connecter ?',
  'channel.subtitle': '{bank} propose deux façons de se connecter.',
  'channel.redirect': 'Comptes de paiement',
  'channel.redirectHint': 'Comptes courants et cartes, autorisés sur le site sécurisé de votre banque',
  'channel.embedded': 'Épargne et crédits',
  'channel.embeddedHint': 'Épargne, placements et crédits, avec vos identifiants de banque en ligne',

  'creds.title': 'Connexion à {bank}',
  'creds.subtitle': 'Saisissez les identifiants de votre banque en ligne.',
  'creds.editTitle': 'Modifier vos identifiants {bank}',
  'creds.editSubtitle': 'Les champs laissés vides gardent leur valeur actuelle.',
  'creds.current': 'Valeur actuelle : {masked}',
  'creds.submit': 'Se connecter',
  'creds.update': 'Mettre à jour',
  'creds.sending': 'Connexion…',
  'creds.required': 'Remplissez ce champ.',
  'creds.invalid':
    'Cela ne ressemble pas à ce que votre banque donne pour ce champ. Comparez avec ce qu’elle vous a envoyé (rien d’oublié, pas d’espace en trop), puis tapez-le à nouveau.',
  'creds.encrypted': 'Votre mot de passe est chiffré avant de quitter cette page.',
  'creds.show': 'Afficher',
  'creds.hide': 'Masquer',

  'redirect.title': 'Continuer sur le site de {bank}',
  'redirect.renewTitle': 'Renouveler l’accès à {bank}',
  'redirect.body':
    'Vous allez vous connecter sur le site sécurisé de votre banque et choisir les comptes à partager. L’accès dure 90 jours et peut ensuite être renouvelé.',
  'redirect.go': 'Continuer vers {bank}',
  'redirect.opening': 'Ouverture de la page de votre banque…',
  'redirect.waiting': 'Terminez dans la fenêtre de votre banque. Cette page continuera d’elle-même.',
  'redirect.blocked': 'Votre navigateur a bloqué la fenêtre de la banque.',
  'redirect.openManually': 'Ouvrir la page de la banque',
  'redirect.denied':
    'Vous n’avez pas autorisé l’accès auprès de votre banque : rien n’a été connecté. Continuez pour réessayer, ou fermez cette fenêtre pour arrêter.',
  'redirect.unavailable':
    'Le service de votre banque n’est pas disponible pour le moment. Rien n’a été connecté : réessayez dans quelques minutes.',
  'redirect.rejected':
    'Votre banque n’a pas accepté la demande (elle a répondu « {code} »). Rien n’a été connecté : réessayez ; si cela se reproduit, fermez cette fenêtre.',
  'redirect.unknown':
    'Votre banque n’a pas autorisé la connexion (elle a répondu « {code} »). Rien n’a été connecté : réessayez, ou fermez cette fenêtre pour arrêter.',
  'redirect.lost': 'La réponse de votre banque n’a pas pu être rattachée à cette page. Recommencez.',
  'redirect.returned': 'Retour de votre banque. Finalisation…',
  'redirect.closeWindow': 'Vous pouvez fermer cette fenêtre.',

  'sync.title': 'Connexion à {bank}',
  'sync.keepOpen': 'Cela prend généralement quelques secondes. Gardez cette page ouverte.',
  'sync.step.sent': 'Identifiants transmis de façon sécurisée',
  'sync.step.bank': 'Connexion à votre banque',
  'sync.step.data': 'Récupération des comptes et des opérations',
  'sync.listed': '{n} compte(s) trouvé(s)',
  'sync.leaving': 'Vos identifiants sont acceptés. Vos comptes apparaîtront dans quelques instants.',
  'sync.waitingRun': 'Fin de la mise à jour en cours…',

  'challenge.title': 'Confirmez votre identité',
  'challenge.subtitle': 'Votre banque demande une confirmation supplémentaire.',
  'challenge.submit': 'Confirmer',
  'challenge.cancel': 'Annuler la confirmation',
  'challenge.expires': 'Temps restant : {time}',
  'challenge.none': 'Votre banque ne demande pas de code pour le moment.',
  'challenge.waiting': 'En attente de la demande de votre banque…',
  'challenge.checking': 'Vérification du code…',

  'outcome.title': 'La connexion n’a pas abouti',
  'outcome.partial': 'Certains comptes n’ont pas pu être récupérés. Les autres sont à jour.',
  'status.AUTH_FAILED': 'Votre banque a refusé l’identifiant ou le mot de passe. Vérifiez-les et réessayez.',
  'status.CHALLENGE_FAILED': 'Le code de confirmation a été refusé.',
  'status.CHALLENGE_TIMED_OUT': 'Le code de confirmation n’a pas été saisi à temps.',
  'status.CHALLENGE_CANCELLED': 'La confirmation a été annulée.',
  'status.NEEDS_SECRET': 'Vos identifiants manquent : saisissez-les à nouveau.',
  'status.TOKEN_EXPIRED': 'L’accès à votre banque a expiré : renouvelez-le.',
  'status.TOO_MANY_ATTEMPTS':
    'Trop de tentatives échouées : votre banque a bloqué l’accès pour le moment. Débloquez-le auprès d’elle, puis revenez.',
  'status.PASSWORD_CHANGE_REQUIRED':
    'Votre banque vous demande de changer de mot de passe. Changez-le sur son site, puis mettez-le à jour ici.',
  'status.USER_ACTION_REQUIRED':
    'Votre banque vous demande une action sur son site (lire un message, accepter de nouvelles conditions) avant de partager vos données.',
  'status.SERVICE_UNAVAILABLE': 'Le service de votre banque est indisponible pour le moment. Réessayez plus tard.',
  'status.FAILED': 'La connexion a échoué. Réessayez plus tard.',
  'status.other': 'La connexion s’est terminée avec le statut {status}.',

  'select.title': 'Choisissez les comptes à partager',
  'select.subtitle': '{bank} a trouvé ces comptes. Seuls ceux que vous cochez sont partagés.',
  'select.all': 'Tout sélectionner',
  'select.submit': 'Partager les comptes sélectionnés ({n})',
  'select.none': 'Cochez au moins un compte.',
  'select.empty': 'Aucun compte n’attend votre consentement.',

  'addChannel.title': 'Ajouter vos autres comptes ?',
  'addChannel.bodyEmbedded': '{bank} peut aussi ajouter vos {types}, avec vos identifiants de banque en ligne.',
  'addChannel.bodyRedirect': '{bank} peut aussi ajouter vos {types}, autorisés sur le site sécurisé de votre banque.',
  'addChannel.add': 'Les ajouter',
  'addChannel.skip': 'Plus tard',

  'summary.title': 'Vos comptes sont connectés',
  'summary.subtitle': '{bank} : {n} compte(s).',
  'summary.empty': 'Aucun compte n’a encore été trouvé.',

  'done.success': 'C’est terminé',
  'done.error': 'L’opération n’a pas abouti',
  'done.expired': 'Cette session a expiré',
  'done.body': 'Vous pouvez fermer cette fenêtre.',

  'edit.title': 'Votre connexion : {connection}',
  'edit.subtitle': 'Modifiez vos identifiants, renouvelez l’accès ou ajoutez des comptes.',
  'edit.update': 'Modifier les identifiants',
  'edit.renew': 'Renouveler l’accès',
  'edit.add': 'Ajouter',
  'edit.lastSync': 'Mis à jour {date}',
  'edit.notAdded': 'Pas encore ajouté',

  'pro.title': 'Comptes professionnels',
  'pro.subtitle':
    'Ces comptes semblent être des comptes professionnels. Confirmez ceux que vous souhaitez partager ; les autres restent en pause.',
  'pro.submit': 'Confirmer les comptes sélectionnés ({n})',
  'pro.none': 'Aucun compte professionnel n’attend votre confirmation.',

  'manage.title': 'Comptes partagés',
  'manage.subtitle': 'Cochez les comptes que votre connexion {connection} peut partager. Les comptes décochés ne sont plus mis à jour.',
  'manage.look': 'Rechercher de nouveaux comptes',
  'manage.looking': 'Recherche de nouveaux comptes auprès de votre banque…',
  'manage.save': 'Enregistrer mon choix',
  'manage.new': 'Nouveau',
  'manage.empty': 'Cette connexion n’a encore aucun compte.',
  'manage.lookFailed': 'La recherche de nouveaux comptes n’a pas pu aboutir pour le moment.',

  'type.CHECKINGS': 'Compte courant',
  'type.SAVINGS': 'Épargne',
  'type.LOAN': 'Crédit',
  'type.CREDIT_CARD': 'Carte',
  'types.CHECKINGS': 'comptes courants',
  'types.SAVINGS': 'comptes d’épargne',
  'types.LOAN': 'crédits',
  'types.CREDIT_CARD': 'cartes',
  'mode.REDIRECT': 'Comptes de paiement',
  'mode.EMBEDDED': 'Épargne et crédits',
  'channelStatus.ok': 'Connecté',
  'channelStatus.error': 'À vérifier',
  'channelStatus.running': 'Mise à jour…',
};

/** Both languages (the French coverage test reads them). */
export const dictionaries = { en, fr };

export type Translate = (key: TextKey, values?: Vars) => string;

/** The widget's texts in `lng`, through the renderer's one translation mechanism. */
export function translator(lng: Language): Translate {
  return translatorFor(dictionaries, lng);
}

export function hasText(key: string): key is TextKey {
  return key in en;
}

export interface I18n {
  lng: Language;
  t: Translate;
  setLng(lng: Language): void;
}

export const I18nContext = createContext<I18n>({ lng: 'fr', t: translator('fr'), setLng: () => {} });
export const useI18n = () => useContext(I18nContext);

/** Amount in the page language (balances are decimal numbers in the API). */
export function formatAmount(lng: Language, amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(lng === 'fr' ? 'fr-FR' : 'en-GB', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

export function formatDate(lng: Language, seconds: number): string {
  return new Intl.DateTimeFormat(lng === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(seconds * 1000),
  );
}

/** "a, b and c" in the page language. */
export function listOf(lng: Language, items: string[]): string {
  try {
    return new Intl.ListFormat(lng, { type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

const COUNTRIES: Record<string, string> = {
  FRA: 'FR',
  BEL: 'BE',
  DEU: 'DE',
  ESP: 'ES',
  ITA: 'IT',
  GBR: 'GB',
  LUX: 'LU',
  NLD: 'NL',
  PRT: 'PT',
  CHE: 'CH',
  IRL: 'IE',
  AUT: 'AT',
};

export function countryName(lng: Language, alpha3: string): string {
  const alpha2 = COUNTRIES[alpha3];
  if (!alpha2) return alpha3;
  try {
    return new Intl.DisplayNames([lng], { type: 'region' }).of(alpha2) ?? alpha3;
  } catch {
    return alpha3;
  }
}
