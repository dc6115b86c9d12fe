import type { errorsEn } from './errors.en';

/** Les phrases des réponses d’erreur du moteur (core/api/error-words.ts) ; reprises dans les dictionnaires de l’application et du widget. */
export const errorsFr: Record<keyof typeof errorsEn, string> = {
  'apierr.network': 'Le moteur de Coffer ne répond pas : rien n’a été fait. Vérifiez que Coffer est toujours ouvert, puis réessayez.',
  'apierr.notFound':
    'Cet élément n’existe plus : il a peut-être été supprimé dans une autre fenêtre. Rechargez la page pour voir ce qui reste.',
  'apierr.conflict': 'Cela entre en conflit avec un élément qui existe déjà. Rechargez la page pour le voir, puis réessayez.',
  'apierr.keyExpired': 'Rien n’a été envoyé : la clé qui protège votre saisie avait expiré. Réessayez : une nouvelle clé sera utilisée.',
  'apierr.credentialsUnreadable':
    'Coffer n’a pas pu lire les identifiants envoyés depuis cette fenêtre : rien n’a été enregistré. Réessayez ; si cela se reproduit, redémarrez Coffer.',
  'apierr.keychain':
    'Aucun trousseau système n’est disponible pour garder vos identifiants bancaires en sécurité : rien n’a été enregistré. Déverrouillez ou configurez le trousseau de votre ordinateur, puis réessayez.',
  'apierr.notAllowed':
    'Ce profil n’a pas le droit de faire cela. Déconnectez-vous, reconnectez-vous avec le profil à qui appartiennent ces données, puis réessayez.',
  'apierr.sessionEnded': 'Votre session a pris fin. Reconnectez-vous, puis réessayez.',
  'apierr.terms': 'Acceptez d’abord les conditions d’utilisation, puis réessayez.',
  'apierr.tooLarge': 'C’est trop volumineux pour être envoyé (plus de 1 Mo). Envoyez un fichier plus petit ou un texte plus court.',
  'apierr.internal':
    'Coffer a rencontré un problème inattendu et rien n’a été modifié. Réessayez ; si cela se reproduit, redémarrez Coffer.',
  'apierr.internalRef':
    'Coffer a rencontré un problème inattendu et rien n’a été modifié. Réessayez ; si cela se reproduit, redémarrez Coffer et donnez la référence {ref} en le signalant.',
  'apierr.refused': 'Coffer n’a pas accepté cette demande : rien n’a été modifié. Vérifiez votre saisie, puis réessayez.',
  'apierr.signInAgain': 'La connexion à votre profil n’a pas abouti. Recommencez depuis l’écran de connexion.',
  'apierr.accessDenied': 'L’accès n’a pas été accordé : rien n’a été connecté. Réessayez si vous vouliez l’autoriser.',
  'apierr.diskFull':
    'Le disque est plein : rien n’a été enregistré. Libérez de la place sur le disque qui contient le dossier de données de Coffer, puis réessayez.',
  'apierr.databaseDamaged':
    'La base de données de Coffer ({file}) est endommagée : Coffer ne l’ouvre pas et n’y a rien modifié. Restaurez une sauvegarde depuis Réglages → Sauvegardes, ou quittez Coffer et déplacez le fichier ailleurs (gardez-le pour une récupération) pour repartir de vos banques.',
  'apierr.databaseMissing':
    'La base de données de Coffer ({file}) est absente ou vide, alors que ce dossier de données a déjà servi (trouvé : {found}) : Coffer n’a pas créé par-dessus une nouvelle installation vide. Remettez le fichier de la base ou restaurez une sauvegarde, puis redémarrez Coffer. Pour repartir de zéro volontairement, redémarrez Coffer avec COFFER_START_FRESH=1.',
  'apierr.unknown': 'Cela n’a pas fonctionné et rien n’a été modifié. Réessayez ; si cela se reproduit, redémarrez Coffer.',
  'apierr.setupToken':
    'Ce n’est pas un jeton de configuration SimpleFIN. Copiez le jeton en entier depuis votre page SimpleFIN Bridge (une longue ligne de lettres et de chiffres) et collez-le à nouveau.',
  'apierr.credentialFormat':
    'Une des valeurs n’a pas la forme qu’utilise votre banque. Comparez chaque champ avec ce que votre banque vous a donné, puis réessayez.',
  'apierr.credentialMissing': 'Il manque une valeur dont votre banque a besoin. Remplissez tous les champs du formulaire, puis réessayez.',
  'apierr.formOutdated':
    'Ce formulaire ne correspond plus à ce que demande la banque. Revenez en arrière, choisissez à nouveau la banque et remplissez son formulaire.',
  'apierr.folderMissing':
    'Ce dossier n’existe pas sur cet ordinateur. Vérifiez le chemin (copiez-le depuis votre gestionnaire de fichiers) ou créez le dossier, puis réessayez.',
  'apierr.folderIsFile': 'Ce chemin est un fichier, pas un dossier. Indiquez le dossier qui contient vos relevés.',
  'apierr.folderUnreadable': 'Coffer n’a pas le droit de lire ce dossier. Donnez-en l’accès à votre utilisateur, ou choisissez un autre dossier.',
  'apierr.folderNotAbsolute':
    'Indiquez le chemin complet du dossier, depuis le début du disque (par exemple /home/vous/Relevés, ou C:\\Users\\vous\\Relevés sous Windows).',
  'apierr.folderData':
    'C’est le dossier de données de Coffer, ou un dossier qui le contient ou s’y trouve. Choisissez un dossier à vous pour vos relevés.',
  'apierr.folderSystem': 'C’est un dossier du système. Choisissez un dossier à vous, par exemple dans vos Documents.',
  'apierr.folderBadPath':
    'Ce chemin contient un caractère qu’aucun nom de dossier ne peut avoir. Copiez à nouveau le chemin depuis votre gestionnaire de fichiers.',
  'apierr.connectionClosed': 'Cette connexion est fermée. Rouvrez-la d’abord depuis sa page, puis réessayez.',
  'apierr.bankUnavailable': 'Ce moyen de se connecter à la banque n’est plus disponible. Revenez en arrière et choisissez à nouveau la banque.',
  'apierr.noteTooLong': 'Votre note est trop longue : raccourcissez-la à {max} caractères au plus, puis enregistrez à nouveau.',
  'apierr.tagTooLong': 'Une étiquette compte de 1 à {max} caractères : raccourcissez les plus longues, puis enregistrez à nouveau.',
  'apierr.tooManyTags': 'Une opération a au plus {max} étiquettes : retirez-en, puis enregistrez à nouveau.',
  'apierr.nothingChanged': 'Rien n’a été modifié. Changez la catégorie, la note ou les étiquettes, puis enregistrez.',
  'apierr.categoryGone': 'Cette catégorie n’existe plus. Rechargez la page et choisissez-en une autre.',
  'apierr.patternLength': 'Le texte d’une règle compte de {min} à {max} caractères. Modifiez-le, puis enregistrez à nouveau.',
  'apierr.ruleExists': 'Une autre règle a déjà ce texte. Changez le texte, ou modifiez plutôt cette règle.',
  'apierr.emailInUse': 'Cette adresse e-mail est déjà celle d’un profil. Connectez-vous avec elle, ou utilisez une autre adresse.',
  'apierr.tooManyPasswords': 'Trop de mots de passe erronés. Attendez {seconds} secondes, puis réessayez.',
  'apierr.ebApplicationId':
    'Ce n’est pas un identifiant d’application Enable Banking : rien n’a été enregistré. Copiez-le de nouveau depuis le Control Panel (lettres, chiffres et tirets).',
  'apierr.ebKeyNotPem':
    'Ce fichier n’est pas une clé privée : rien n’a été enregistré. Choisissez le fichier .pem téléchargé depuis Enable Banking à l’enregistrement de l’application.',
  'apierr.ebKeyDamaged':
    'Ce fichier de clé est illisible, peut-être abîmé ou tronqué : rien n’a été enregistré. Choisissez de nouveau le fichier .pem téléchargé depuis Enable Banking.',
  'apierr.ebKeyNotRsa':
    'Ce n’est pas le type de clé qu’utilise Enable Banking (une clé RSA) : rien n’a été enregistré. Choisissez le fichier .pem téléchargé depuis Enable Banking.',
  'apierr.ebKeyRefused':
    'Enable Banking refuse cette clé pour cet identifiant d’application : rien n’a été enregistré. Vérifiez que le fichier .pem est bien celui téléchargé à l’enregistrement de cette application (il porte son identifiant).',
  'apierr.ebUnreachable':
    'Enable Banking n’a pas pu vérifier la clé pour l’instant : rien n’a été enregistré. Vérifiez votre connexion à Internet et réessayez dans quelques minutes.',
};
