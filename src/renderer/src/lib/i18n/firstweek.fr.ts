import type { firstWeekEn } from './firstweek.en';

/** Messages des corrections de la première semaine (ticket 15, défaut 11) ; repris dans fr.ts. */
export const firstWeekFr: Record<keyof typeof firstWeekEn, string> = {
  'consentAnswer.refused': 'Vous n’avez pas autorisé l’accès auprès de votre banque : rien n’a été connecté. Réessayez si vous vouliez l’autoriser, ou revenez à vos connexions.',
  'consentAnswer.unavailable': 'Le service de la banque n’est pas disponible pour le moment. Rien n’a été connecté : réessayez dans quelques minutes.',
  'consentAnswer.rejected': 'La banque n’a pas accepté la demande (elle a répondu « {code} »). Rien n’a été connecté : recommencez ; si cela se reproduit, cette banque ne fonctionne peut-être pas encore avec Coffer.',
  'consentAnswer.unknown': 'La banque n’a pas autorisé la connexion (elle a répondu « {code} »). Rien n’a été connecté : réessayez, ou revenez à vos connexions.',
  'consentAnswer.lost': 'Cette réponse de la banque ne correspond pas à la connexion en cours d’ajout (elle vient peut-être d’une tentative précédente). Recommencez.',
  'consentAnswer.backToConnections': 'Revenir aux connexions',
  'signInAnswer.refused': 'Vous avez choisi de ne pas vous connecter. Reconnectez-vous quand vous le souhaitez.',
  'signInAnswer.unavailable': 'La connexion n’est pas possible pour le moment. Réessayez dans un instant.',
  'signInAnswer.other': 'La connexion n’a pas abouti (réponse « {code} »). Réessayez.',

  'rotate.title': 'Changer la clé de signature ?',
  'rotate.body':
    'Une nouvelle clé signe désormais les réponses. La clé actuelle reste publiée, marquée obsolète, pour que les signatures déjà faites restent vérifiables ; mais tout programme qui vérifie les signatures doit récupérer la nouvelle clé publique avant de pouvoir vérifier les nouvelles réponses.',
  'rotate.confirm': 'Changer la clé',
  'revokeClient.title': 'Révoquer le client « {name} » ?',
  'revokeClient.body':
    'Son secret cesse aussitôt de fonctionner, et tous les programmes qui utilisent ce client sont déconnectés et ne peuvent plus appeler Coffer. C’est définitif : il faudrait créer un nouveau client et donner son secret à ces programmes.',

  'password.title': 'Mot de passe',
  'password.intro': 'Changez le mot de passe de connexion. Vos autres sessions ouvertes sont déconnectées ; celle-ci reste ouverte.',
  'password.current': 'Mot de passe actuel',
  'password.new': 'Nouveau mot de passe',
  'password.newHint': 'Au moins {min} caractères.',
  'password.submit': 'Changer le mot de passe',
  'password.changed': 'Votre mot de passe a été changé. Les autres sessions ont été déconnectées.',
  'password.wrongCurrent': 'Le mot de passe actuel n’est pas le bon. Saisissez-le à nouveau.',
  'password.tooShort': 'Le nouveau mot de passe doit comporter au moins {min} caractères.',
  'password.tooLong': 'Le nouveau mot de passe doit comporter au plus {max} caractères.',
  'password.same': 'Le nouveau mot de passe est identique à l’actuel.',
  'password.throttled': 'Trop de mots de passe erronés. Patientez {seconds} s avant de réessayer.',

  'clientType.confidential': 'Confidentiel',
  'clientType.public': 'Public',
  'delivery.delivered': 'Livré',
  'delivery.http_error': 'Refusé',
  'delivery.timeout': 'Pas de réponse à temps',
  'delivery.network_error': 'Injoignable',
  'delivery.dropped': 'Abandonné',
  'delivery.secret_unavailable': 'Secret indisponible',

  'folder.title': 'Où sont vos relevés ?',
  'folder.choose': 'Choisir un dossier…',
  'folder.chooseFailed': 'La fenêtre de choix du dossier n’a pas pu s’ouvrir. Saisissez ou collez plutôt le chemin du dossier.',
  'folder.browserHelp':
    'Dans un navigateur, Coffer ne peut pas ouvrir de fenêtre de choix de dossier : ouvrez le dossier dans votre gestionnaire de fichiers, copiez son chemin (sous Windows : Maj + clic droit, « Copier en tant que chemin d’accès » ; sous macOS : Option + clic droit, « Copier … en tant que nom de chemin » ; sous Linux : Ctrl + L dans Fichiers, puis copier) et collez-le ici.',
};
