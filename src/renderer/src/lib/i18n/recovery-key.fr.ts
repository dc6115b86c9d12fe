import type { recoveryKeyEn } from './recovery-key.en';

/** Messages en français de Réglages → Sauvegardes → Clé de secours (issue 20) ; étalés dans fr.ts. */
export const recoveryKeyFr: Record<keyof typeof recoveryKeyEn, string> = {
  'recoveryKey.title': 'Clé de secours',
  'recoveryKey.intro':
    'Vos données et vos sauvegardes sont chiffrées avec une clé gardée dans le trousseau de cet ordinateur. Sur un autre ordinateur (un nouveau, ou après une réinstallation du système), une sauvegarde ne s’ouvre qu’avec cette clé de secours. Gardez-la sur papier ou dans un gestionnaire de mots de passe, loin de cet ordinateur.',
  'recoveryKey.firstTime':
    'Notez votre clé de secours maintenant (ou imprimez-la). Sans elle, vos sauvegardes ne pourront pas être ouvertes sur un autre ordinateur. Elle reste affichée ici tant que vous n’avez pas indiqué l’avoir notée.',
  'recoveryKey.writtenDown': 'Je l’ai notée',
  'recoveryKey.saved': 'C’est noté. La clé de secours ne s’affichera plus qu’après votre mot de passe.',
  'recoveryKey.askPassword': 'Pour revoir votre clé de secours, tapez le mot de passe avec lequel vous vous connectez à Coffer.',
  'recoveryKey.password': 'Votre mot de passe',
  'recoveryKey.show': 'Afficher la clé de secours',
  'recoveryKey.hide': 'Masquer',
  'recoveryKey.copy': 'Copier',
  'recoveryKey.copied': 'Clé de secours copiée. Collez-la dans votre gestionnaire de mots de passe, puis copiez autre chose.',
  'recoveryKey.print': 'Imprimer',
  'recoveryKey.printTitle': 'Clé de secours Coffer',
  'recoveryKey.printNote': 'Imprimée le {date}. Elle ouvre vos sauvegardes Coffer sur un autre ordinateur : rangez-la en lieu sûr.',
  'recoveryKey.codeLabel': 'Votre clé de secours, 14 groupes de 4 lettres et chiffres',
  'recoveryKey.wrongPassword': 'Ce n’est pas votre mot de passe. Tapez celui avec lequel vous vous connectez à Coffer.',
  'recoveryKey.throttled': 'Trop de mots de passe erronés. Attendez {seconds} secondes, puis réessayez.',
  'recoveryKey.howToUse':
    'Sur un autre ordinateur : installez Coffer, copiez le fichier de sauvegarde dans son dossier de sauvegardes, puis restaurez-le ci-dessous en tapant cette clé. Les mots de passe de vos banques ne sont pas dans les sauvegardes : redonnez-les ensuite.',
  'recoveryKey.reminder':
    'Notez votre clé de secours : vos données sont chiffrées, et sans cette clé une sauvegarde ne peut pas être ouverte sur un autre ordinateur.',
  'recoveryKey.reminderAction': 'Voir la clé de secours',
  'recoveryKey.restoreField': 'Clé de secours de l’autre ordinateur (seulement pour une sauvegarde faite là-bas)',
  'recoveryKey.restoreHint': 'Laissez vide pour une sauvegarde faite par cet ordinateur.',
  'recoveryKey.restoreWrongCode':
    'Cette clé de secours n’ouvre pas la sauvegarde : rien n’a été restauré et vos données n’ont pas changé. Vérifiez la clé sur votre copie : ce doit être celle de l’ordinateur qui a fait la sauvegarde.',
  'recoveryKey.restoreTypo':
    'La clé de secours contient une faute de frappe (un groupe manque, ou un caractère est faux) : rien n’a été restauré. Comparez chaque groupe avec votre copie, puis réessayez.',
  'recoveryKey.restoreNeedsCode':
    'Cette sauvegarde a été faite sur un autre ordinateur : elle ne s’ouvre qu’avec la clé de secours de cet ordinateur. Rien n’a été restauré. Cliquez de nouveau sur Restaurer et tapez la clé.',
};
