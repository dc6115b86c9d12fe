import type { syncStateEn } from './sync-state.en';

/** Messages de l’état de synchronisation d’une connexion (connection-state.ts) ; repris dans fr.ts. */
export const syncStateFr: Record<keyof typeof syncStateEn, string> = {
  'syncState.lastSuccess': 'Synchronisée {when}',
  'syncState.never': 'Jamais synchronisée',
  'syncState.attempt': 'Dernière tentative {when} :',
  'syncState.attemptUndated': 'Dernière tentative :',
  'syncState.attemptOnly': 'Dernière tentative {when}',
  'syncState.next.FAILED':
    'Relancez « Synchroniser » dans un moment ; si cela échoue encore, vérifiez le détail de cette connexion.',
  'syncState.next.FAILED.document':
    'Vérifiez la liste des fichiers lus : corrigez ou retirez celui qui n’a pas pu être lu, puis synchronisez à nouveau.',
  'syncState.next.AUTH_FAILED': 'Mettez à jour l’identifiant ou le mot de passe, puis synchronisez à nouveau.',
  'syncState.next.TOO_MANY_ATTEMPTS':
    'Faites débloquer votre accès par votre banque (site ou téléphone), puis mettez le mot de passe à jour ici.',
  'syncState.next.SERVICE_UNAVAILABLE':
    'Rien ne cloche de votre côté : relancez « Synchroniser » dans quelques minutes.',
  'syncState.next.PASSWORD_CHANGE_REQUIRED':
    'Changez votre mot de passe sur le site de votre banque, puis mettez-le à jour ici.',
  'syncState.next.USER_ACTION_REQUIRED':
    'Connectez-vous au site de votre banque et faites ce qu’elle demande, puis synchronisez à nouveau.',
  'syncState.next.CHALLENGE_REQUIRED': 'Choisissez « Synchroniser » et saisissez le code envoyé par votre banque.',
  'syncState.next.NEEDS_SECRET': 'Saisissez à nouveau les identifiants (« Mettre à jour les identifiants »).',
  'syncState.next.TOKEN_EXPIRED': 'Renouvelez votre consentement sur le site de votre banque (« Renouveler le consentement »).',
  'syncState.next.PARTIAL_SUCCESS': 'Les comptes marqués « En erreur » n’ont pas été mis à jour ; les autres sont à jour.',
  'syncState.next.PARTIAL_SUCCESS.document':
    'Les autres fichiers ont été importés. Corrigez ou retirez le fichier qui n’a pas pu être lu (nommé dans la liste des fichiers lus).',
  'status.NO_ACCOUNT': 'Synchronisée, mais aucun compte n’a encore été trouvé',
  'status.NO_ACCOUNT.document':
    'Aucun relevé lu pour l’instant : ajoutez des fichiers à son dossier, ou déposez-les sur sa page',
  'status.RUNNING.document': 'Lecture des relevés…',
  'status.PARTIAL_SUCCESS.document': 'Importé, mais certains fichiers n’ont pas pu être lus',
  'accountStatus.NOT_UPDATED': 'Pas mis à jour (voir sa connexion)',
  'consentAnswer.notAccepted':
    'Votre banque a approuvé la connexion, mais Coffer n’a pas pu accepter sa réponse : rien n’a été connecté. Recommencez ; si cela se reproduit, cette banque ne fonctionne peut-être pas encore avec Coffer.',
  'consentAnswer.notSaved': 'Votre banque a approuvé la connexion, mais Coffer n’a pas pu l’enregistrer : {message}',
};
