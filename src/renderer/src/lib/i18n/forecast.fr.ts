import type { forecastEn } from './forecast.en';

/** Messages français de la prévision sur la page d'un compte (ticket 24) ; repris dans fr.ts. */
export const forecastFr: Record<keyof typeof forecastEn, string> = {
  'forecast.label': 'Prévision',
  'forecast.belowZero': 'À ce rythme, {account} passera sous zéro le {date}.',
  'forecast.belowZeroNow': '{account} est sous zéro aujourd’hui et, à ce rythme, y reste pendant les {days} prochains jours.',
  'forecast.belowZeroNowBack': '{account} est sous zéro aujourd’hui ; à ce rythme, son solde repasse au-dessus de zéro le {date}.',
  'forecast.stays': 'À ce rythme, {account} reste au-dessus de zéro pendant les {days} prochains jours.',
  'forecast.basis': 'D’après les paiements récurrents que vous avez confirmés et votre budget.',
  'forecast.noBasis': 'Confirmez vos paiements récurrents (loyer, salaire, abonnements) pour voir où va ce compte.',
  'forecast.failed': 'La prévision n’a pas pu être calculée : {reason} Réessayez plus tard.',
};
