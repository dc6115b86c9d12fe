import type { currenciesEn } from './currencies.en';

/** Messages français des totaux dans une seule devise et de Réglages → Devises (issue 23). */
export const currenciesFr: Record<keyof typeof currenciesEn, string> = {
  'currencies.totalIn': 'Tout en {currency}',
  'currencies.ratesOf': 'Aux cours du {date}',
  'currencies.rateHint': '1 {from} = {rate} {to}, cours du {date}',
  'currencies.ownRate': 'votre propre cours',
  'currencies.noRate':
    'Aucun cours de change pour {currency} : ses comptes ne sont pas dans ce total. Actualisez les cours dans Réglages → Devises, ou donnez votre propre cours.',
  'settings.currencies': 'Devises',
  'currencies.totals': 'Totaux dans une seule devise',
  'currencies.reporting': 'Afficher les totaux en',
  'currencies.reportingHint': 'Chaque compte garde sa propre devise ; les totaux les additionnent au cours de change du jour.',
  'currencies.automatic': 'Automatiquement : la devise qui détient la plus grande part de votre argent',
  'currencies.saved': 'Les totaux sont maintenant affichés en {currency}.',
  'currencies.savedAutomatic': 'Les totaux suivent maintenant la devise qui détient la plus grande part de votre argent.',
  'currencies.rates': 'Cours de change',
  'currencies.ratesIntro':
    'Coffer convertit avec les cours de référence de l’euro de la Banque centrale européenne, récupérés une fois par jour après leur publication (16 h, heure d’Europe centrale) et gardés sur cet ordinateur : les totaux fonctionnent hors ligne.',
  'currencies.ratesAge': 'Cours du {date} ({age}).',
  'currencies.noRates': 'Pas encore de cours de change : Coffer les récupère dès que cet ordinateur est en ligne.',
  'currencies.refresh': 'Actualiser les cours',
  'currencies.refreshed': 'Cours de change à jour : cours du {date}.',
  'currencies.refreshFailed':
    'Coffer n’a pas pu récupérer les cours de change : la Banque centrale européenne n’a pas répondu comme prévu. Les cours que vous aviez sont gardés et Coffer réessaiera de lui-même ; vous pouvez aussi réessayer plus tard.',
};
