import type { ledgerEn } from './ledger.en';

/** Messages français de l’annulation, du retour à l’automatique et des modifications groupées ; inclus dans fr.ts. */
export const ledgerFr: Record<keyof typeof ledgerEn, string> = {
  'ledger.undo': 'Annuler',
  'ledger.undone.one': 'Annulé : {count} opération est revenue comme avant.',
  'ledger.undone.other': 'Annulé : {count} opérations sont revenues comme avant.',
  'ledger.nothingToUndo': 'Rien à annuler : votre dernière modification a déjà été annulée.',
  'ledger.undoConflict':
    'Cette modification ne peut plus être annulée en entier : certaines de ses opérations ont été modifiées à nouveau ou supprimées depuis. Rien n’a été changé. Annulez d’abord vos modifications plus récentes, ou corrigez ces opérations une à une.',
  'ledger.undoFailed': 'Impossible d’annuler. {message}',
  'ledger.backToAutomatic': 'Revenir à l’automatique',
  'ledger.backToAutomaticHint': 'Oublier la catégorie choisie : vos règles, ou le classement automatique de Coffer, décident à nouveau.',
  'ledger.backDone': 'Retour à l’automatique : classée dans {category}.',
  'ledger.alreadyAutomatic': 'Cette opération est déjà classée automatiquement.',
  'ledger.selected.one': '{count} opération sélectionnée',
  'ledger.selected.other': '{count} opérations sélectionnées',
  'ledger.selectAll': 'Sélectionner les {count} affichées',
  'ledger.clearSelection': 'Vider la sélection',
  'ledger.bulkCategory': 'Choisir la catégorie',
  'ledger.bulkTags': 'Remplacer les étiquettes',
  'ledger.bulkNote': 'Ajouter une note',
  'ledger.bulkApply': 'Appliquer à la sélection',
  'ledger.bulkDone.one': '{count} opération modifiée.',
  'ledger.bulkDone.other': '{count} opérations modifiées.',
  'ledger.bulkNothing': 'Choisissez d’abord une catégorie, des étiquettes ou une note à appliquer.',
  'ledger.bulkFailed': 'Rien n’a été modifié. {message}',
  'ledger.selectRow': 'Sélectionner cette opération',
  'ledger.ruleApplied.one': '{count} opération passée classée par vos règles.',
  'ledger.ruleApplied.other': '{count} opérations passées classées par vos règles.',
};
