import type { screenFailureEn } from './screen-failure.en';

/** Ce que dit un écran qui n’a pas pu s’afficher. */
export const screenFailureFr: Record<keyof typeof screenFailureEn, string> = {
  'screenFailure.title': 'Cet écran n’a pas pu s’afficher',
  'screenFailure.text':
    'Vos données ne risquent rien : rien n’a été modifié. Réessayez, ou rechargez l’application. Si cela se reproduit, merci de le signaler en copiant dans votre signalement les détails techniques ci-dessous.',
  'screenFailure.reload': 'Recharger l’application',
  'screenFailure.details': 'Détails techniques (pour signaler le problème)',
};
