import type { historyFiltersEn } from './history-filters.en';

/** Messages des filtres de l’historique et de son écran vide ; repris dans fr.ts. */
export const historyFiltersFr: Record<keyof typeof historyFiltersEn, string> = {
  'hfilter.moreSet': 'Filtres · {count}',
  'hfilter.direction': 'Entrées ou sorties d’argent',
  'hfilter.direction.both': 'Entrées et sorties',
  'hfilter.direction.in': 'Entrées d’argent',
  'hfilter.direction.out': 'Sorties d’argent',
  'hfilter.amountHint': 'Les montants comptent par leur taille, que l’argent soit entré ou sorti.',
  'hfilter.notAmount': '« {text} » n’est pas un montant : tapez un nombre, par exemple 100 ou 42,50.',
  'hfilter.emptyTitle': 'Aucune opération pour l’instant',
  'hfilter.emptyNoConnection':
    'Coffer montre les opérations de vos comptes bancaires. Connectez votre banque, ou importez un relevé fourni par votre banque (OFX, QFX, QIF, CSV, CAMT.052/053/054, MT940).',
  'hfilter.emptyConnections':
    'Vos connexions n’ont encore apporté aucune opération. Ouvrez vos connexions pour voir comment s’est passée leur dernière synchronisation, ou relancez-la.',
  'hfilter.addConnection': 'Ajouter une connexion',
  'hfilter.importFile': 'Importer un relevé',
  'hfilter.openConnections': 'Ouvrir vos connexions',
  'hfilter.filteredTitle': 'Aucune opération ne correspond à ces filtres',
  'hfilter.filteredText': 'Changez un filtre, ou effacez-les tous pour revoir vos {total}.',
  'hfilter.clear': 'Effacer les filtres',
};
