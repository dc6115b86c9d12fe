import type { csvMappingEn } from './csv-mapping.en';

/** L'écran des colonnes CSV d'une connexion de relevés : colonnes choisies sur un exemple, ses lignes telles que Coffer les lit. */
export const csvMappingFr: Record<keyof typeof csvMappingEn, string> = {
  'csvMap.title': 'Colonnes CSV',
  'csvMap.text':
    'Choisissez un fichier CSV de votre banque en exemple : Coffer affiche ses premières lignes telles qu’il les lit. Choisissez les colonnes jusqu’à ce qu’elles soient justes, puis enregistrez ; la prochaine synchronisation relit vos fichiers avec elles.',
  'csvMap.file': 'Fichier d’exemple',
  'csvMap.guess': 'Trouvée par Coffer',
  'csvMap.none': 'Aucune',
  'csvMap.date': 'Date',
  'csvMap.label': 'Libellé',
  'csvMap.amount': 'Montant',
  'csvMap.debit': 'Sorties (débit)',
  'csvMap.credit': 'Entrées (crédit)',
  'csvMap.decimal': 'Séparateur décimal',
  'csvMap.dateOrder': 'Les dates sont écrites',
  'csvMap.order.auto': 'Laisser Coffer décider',
  'csvMap.order.DMY': 'Jour d’abord (31/12/2026)',
  'csvMap.order.MDY': 'Mois d’abord (12/31/2026)',
  'csvMap.needColumns': 'Choisissez une colonne de date, de libellé et de montant (ou de sorties et d’entrées), ou laissez les trois à Coffer.',
  'csvMap.previewCaption': 'Les premières lignes telles que Coffer les lit',
  'csvMap.rowsRead': '{shown} lignes lues sur {total}',
  'csvMap.leftOut': 'Écartées : {rows}',
  'csvMap.problem': 'Coffer ne peut pas lire ce fichier avec ces colonnes : {problem}. Choisissez d’autres colonnes.',
  'csvMap.noGuess': 'Coffer n’a pas trouvé seul les colonnes de ce fichier : choisissez-les ci-dessus.',
  'csvMap.save': 'Enregistrer ces colonnes',
  'csvMap.saved': 'Colonnes enregistrées : la prochaine synchronisation lit vos fichiers avec elles.',
  'csvMap.line': 'Ligne',
};
