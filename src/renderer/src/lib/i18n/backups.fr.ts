import type { backupsEn } from './backups.en';

/** Messages en français de Réglages → Sauvegardes (issue 20) ; étalés dans fr.ts. */
export const backupsFr: Record<keyof typeof backupsEn, string> = {
  'settings.backups': 'Sauvegardes',
  'backups.intro':
    'Coffer sauvegarde vos données de lui-même quand elles changent (au plus une fois par heure ; il garde toutes les sauvegardes des dernières 48 heures, une par jour pendant 30 jours et une par mois pendant 12 mois), avant qu’une mise à jour ne modifie vos données et avant une restauration. Vos identifiants bancaires restent dans le trousseau du système et ne sont pas dans les sauvegardes.',
  'backups.now': 'Sauvegarder maintenant',
  'backups.made': 'Sauvegarde faite.',
  'backups.deleted': 'Sauvegarde supprimée.',
  'backups.none': 'Aucune sauvegarde pour l’instant',
  'backups.col.date': 'Faite le',
  'backups.col.reason': 'Pourquoi',
  'backups.col.size': 'Taille',
  'backups.reason.AUTOMATIC': 'Automatique',
  'backups.reason.MANUAL': 'Par vous',
  'backups.reason.BEFORE_RESTORE': 'Avant une restauration',
  'backups.reason.BEFORE_UPGRADE': 'Avant une mise à jour',
  'backups.restore': 'Restaurer',
  'backups.delete': 'Supprimer',
  'backups.restoreTitle': 'Restaurer la sauvegarde du {date} ?',
  'backups.restoreBody':
    'Tout ce que vous avez fait dans Coffer depuis le {date} est remplacé par le contenu de la sauvegarde : transactions, notes, catégories, connexions et comptes reviennent à leur état d’alors. Coffer sauvegarde d’abord vos données actuelles, pour que vous puissiez y revenir. Vos identifiants bancaires restent intacts dans le trousseau du système.',
  'backups.restoreConfirm': 'Restaurer',
  'backups.restoring': 'Restauration de vos données… Les synchronisations sont arrêtées jusqu’à la fin.',
  'backups.restored':
    'Vos données sont revenues à leur état du {date}. Une sauvegarde de ce que vous aviez juste avant figure dans la liste.',
  'backups.deleteTitle': 'Supprimer la sauvegarde du {date} ?',
  'backups.deleteBody': 'Le fichier de sauvegarde est effacé du disque. Vos données et les autres sauvegardes ne changent pas.',
  'backups.diskFull':
    'Le disque est plein : aucune sauvegarde n’a été faite et vos données n’ont pas changé. Libérez de la place sur le disque, puis réessayez.',
  'backups.damaged':
    'Ce fichier de sauvegarde est endommagé ou n’est pas une sauvegarde Coffer : rien n’a été restauré et vos données n’ont pas changé. Choisissez une autre sauvegarde.',
  'backups.busy': 'Une restauration est déjà en cours. Attendez qu’elle se termine, puis réessayez.',
};
