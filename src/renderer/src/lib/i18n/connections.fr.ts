import type { connEn } from './connections.en';

/** Messages des écrans de connexion ajoutés pour l’issue 15 ; repris dans fr.ts. */
export const connFr: Record<keyof typeof connEn, string> = {
  'recovery.title': 'Votre banque a refusé le mot de passe la dernière fois',
  'recovery.text':
    'Réessayer renvoie le même mot de passe. Les banques bloquent un identifiant après quelques essais refusés (la banque de test après cinq), et le débloquer demande souvent un appel à la banque.',
  'recovery.advice': 'Mettez d’abord le mot de passe à jour, sauf si vous venez de le changer auprès de votre banque.',
  'recovery.lockedTitle': 'Votre banque a bloqué cet identifiant',
  'recovery.lockedText':
    'Trop de mots de passe refusés : chaque nouvel essai peut prolonger le blocage. Faites-le débloquer par votre banque (site ou téléphone), puis mettez le mot de passe à jour ici.',
  'recovery.retryAnyway': 'Réessayer quand même',
  'recovery.keptLogin': 'Conservé tel quel ; seul le mot de passe est demandé.',
  'recovery.changeLogin': 'Utiliser un autre identifiant',

  'duplicate.title': 'Cet identifiant est peut-être déjà connecté',
  'duplicate.text':
    '« {name} » utilise déjà chez {bank} un identifiant affiché {login}. Si c’est le même, l’ajouter à nouveau compterait deux fois les mêmes comptes dans vos totaux.',
  'duplicate.open': 'Ouvrir la connexion existante',
  'duplicate.addAnyway': 'L’ajouter quand même',

  'accountName.rename': 'Renommer',
  'accountName.renameHint': 'Donnez-lui un nom que vous reconnaissez ; le nom donné par la banque reste dans ses détails.',

  'docReport.title': 'Fichiers lus',
  'docReport.empty':
    'Aucun fichier lu pour l’instant : déposez des relevés ci-dessus, ou placez-les dans le dossier de cette connexion.',
  'docReport.loadFailed': 'La liste des fichiers n’a pas pu être lue : {error}',
  'docReport.retry': 'Relire',
  'docReport.folder': 'le dossier',
  'docReport.upload': 'envoyé depuis l’application',
  'docReport.transactions.one': '{count} opération',
  'docReport.transactions.other': '{count} opérations',
  'docReport.status.IMPORTED': 'Importé',
  'docReport.status.FAILED': 'Illisible',
  'docReport.status.SKIPPED': 'Pas un relevé',
  'docReport.status.PENDING': 'En attente',
  'docReport.failedSummary.one': '{count} fichier n’a pas pu être lu : les autres fichiers ont été importés. Une fois corrigé ou retiré, cet avertissement disparaît.',
  'docReport.failedSummary.other': '{count} fichiers n’ont pas pu être lus : les autres fichiers ont été importés. Une fois corrigés ou retirés, cet avertissement disparaît.',
  'docReport.todo.line':
    'Corrigez cette ligne dans le fichier (ou exportez à nouveau le relevé depuis votre banque), puis importez le fichier à nouveau.',
  'docReport.todo.upload': 'Corrigez le fichier ou exportez-le à nouveau depuis votre banque, puis déposez-le à nouveau ici.',
  'docReport.todo.folder':
    'Corrigez le fichier dans le dossier ou exportez-le à nouveau depuis votre banque (ou retirez-le du dossier), puis synchronisez à nouveau.',
  'docReport.todo.missingFolder':
    'Le dossier est illisible : vérifiez qu’il existe, puis mettez à jour le dossier de la connexion.',
  'docReport.todo.pending': 'Importé à la prochaine synchronisation.',
  'docReport.todo.skipped': 'Non lu comme relevé (PDF, notes) : rien à faire.',

  'consentBox.title': 'Comptes chez cette banque',
  'consentBox.intro':
    'Cochez les comptes que Coffer peut lire auprès de votre banque ; décochez-en un pour ne plus le partager (son historique reste, il n’est plus synchronisé).',
  'consentBox.shared': 'Partagé',
  'consentBox.notShared': 'Non partagé',
  'consentBox.save': 'Enregistrer mon choix',
  'consentBox.saved': 'Consentement enregistré',
  'consentBox.nothing': 'Rien n’a changé.',
  'consentBox.manage': 'Gérer les comptes partagés',
  'consentBox.none': 'Cette connexion n’a pas encore de compte : cherchez les comptes de votre banque ci-dessous.',
  'consentBox.selectAll': 'Tout cocher',
};
