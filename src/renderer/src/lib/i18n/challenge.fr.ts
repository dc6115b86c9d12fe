import type { challengeEn } from './challenge.en';

/** Messages des codes de sécurité demandés par la banque (fenêtre, bandeau, carte et page d’une connexion). */
export const challengeFr: Record<keyof typeof challengeEn, string> = {
  'status.awaitingCode': 'En attente du code envoyé par votre banque',
  'challenge.retry.one': 'Le code n’a pas été accepté. Il reste {count} essai.',
  'challenge.retry.other': 'Le code n’a pas été accepté. Il reste {count} essais.',
  'challenge.retryLast':
    'Le code n’a pas été accepté. Dernier essai : après un code erroné, la synchronisation s’arrête.',
  'challenge.retryUnknown': 'Le code n’a pas été accepté. Réessayez.',
  'challenge.attempts.one': 'Votre banque accepte {count} essai.',
  'challenge.attempts.other': 'Votre banque accepte {count} essais.',
  'challenge.pending': '{name} attend un code de sécurité (encore {time}).',
  'challenge.pendingShort': 'Votre banque attend un code (encore {time}).',
  'challenge.open': 'Saisir le code',
  'challenge.openFor': 'Saisir le code pour {name}',
  'challenge.gone': 'Votre banque n’attend plus ce code.',
  'challenge.nextStep.CHALLENGE_FAILED':
    'Pour réessayer, choisissez « Synchroniser » : votre banque envoie un nouveau code.',
  'challenge.nextStep.CHALLENGE_TIMED_OUT':
    'Le code doit être saisi dans le temps indiqué. Choisissez « Synchroniser » pour en recevoir un nouveau.',
  'challenge.nextStep.CHALLENGE_CANCELLED':
    'Choisissez « Synchroniser » quand vous êtes prêt : votre banque envoie un nouveau code.',
};
