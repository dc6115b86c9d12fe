import type { accountKindsEn } from './account-kinds.en';

/** Le type d’un compte, ou de plusieurs, selon leur nombre. */
export const accountKindsFr: Record<keyof typeof accountKindsEn, string> = {
  'accountKind.CHECKINGS.one': 'Compte courant',
  'accountKind.CHECKINGS.other': 'Comptes courants',
  'accountKind.SAVINGS.one': 'Compte d’épargne',
  'accountKind.SAVINGS.other': 'Comptes d’épargne',
  'accountKind.LOAN.one': 'Crédit',
  'accountKind.LOAN.other': 'Crédits',
  'accountKind.CREDIT_CARD.one': 'Carte de crédit',
  'accountKind.CREDIT_CARD.other': 'Cartes de crédit',
};
