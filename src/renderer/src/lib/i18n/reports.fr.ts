import type { reportsEn } from './reports.en';

/** Messages français de la page Rapports (issue 23 : rapports) ; repris dans fr.ts. */
export const reportsFr: Record<keyof typeof reportsEn, string> = {
  'nav.reports': 'Rapports',
  'reports.title': 'Rapports',
  'reports.subtitle':
    'Votre argent sur une période, dans votre devise de référence. Les virements entre vos propres comptes ne sont pas comptés.',
  'reports.period': 'Période',
  'reports.period.3M': '3 mois',
  'reports.period.12M': '12 mois',
  'reports.period.YEAR': 'Cette année',
  'reports.period.LAST_YEAR': 'L’an dernier',
  'reports.period.CUSTOM': 'Choisir les jours',
  'reports.from': 'Du',
  'reports.to': 'Au (inclus)',
  'reports.choosePeriod':
    'Saisissez un premier et un dernier jour, le premier au plus tard le dernier, pour voir vos rapports.',
  'reports.loading': 'Chargement du rapport…',
  'reports.income_expense': 'Revenus et dépenses',
  'reports.cash_flow': 'Flux de trésorerie',
  'reports.net_worth': 'Patrimoine net',
  'reports.spending_by_category': 'Dépenses par catégorie',
  'reports.spending_by_tag': 'Dépenses par étiquette',
  'reports.top_payees': 'Principaux bénéficiaires',
  'reports.month': 'Mois',
  'reports.monthEnd': 'Fin de mois',
  'reports.category': 'Catégorie',
  'reports.tag': 'Étiquette',
  'reports.payee': 'Bénéficiaire',
  'reports.income': 'Revenus',
  'reports.expense': 'Dépenses',
  'reports.net': 'Solde',
  'reports.in': 'Entrées',
  'reports.out': 'Sorties',
  'reports.netWorth': 'Patrimoine net',
  'reports.thisPeriod': 'Cette période',
  'reports.previousPeriod': 'Période précédente',
  'reports.spent': 'Payé',
  'reports.received': 'Reçu',
  'reports.count': 'Opérations',
  'reports.csvKey': 'Identifiant',
  'reports.exportCsv': 'Exporter en CSV',
  'reports.savePicture': 'Enregistrer en image PNG',
  'reports.empty.spending_by_tag':
    'Aucune dépense avec une étiquette sur cette période. Ajoutez des étiquettes aux opérations dans l’Historique pour les voir ici.',
  'reports.empty.top_payees':
    'Aucun bénéficiaire sur cette période. Indiquez les bénéficiaires des opérations dans l’Historique pour les voir ici.',
  'reports.pictureFailed': 'L’image n’a pas pu être créée. Réessayez, ou exportez le rapport en CSV.',
  'reports.empty': 'Rien à montrer sur cette période. Choisissez une période plus longue, ou synchronisez vos comptes.',
  'reports.missingRates':
    'Les montants en {currencies} ne sont pas comptés : il n’y a pas de taux de change pour leurs jours. Actualisez les taux ou donnez votre propre taux dans les Réglages.',
};
