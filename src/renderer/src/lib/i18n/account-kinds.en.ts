/**
 * The kind of one account, or of several, by count: "Credit card · ••2494" under one account, "Credit cards"
 * over a group. Read through features/common/account-kind.ts.
 */
export const accountKindsEn = {
  'accountKind.CHECKINGS.one': 'Checking account',
  'accountKind.CHECKINGS.other': 'Checking accounts',
  'accountKind.SAVINGS.one': 'Savings account',
  'accountKind.SAVINGS.other': 'Savings accounts',
  'accountKind.LOAN.one': 'Loan',
  'accountKind.LOAN.other': 'Loans',
  'accountKind.CREDIT_CARD.one': 'Credit card',
  'accountKind.CREDIT_CARD.other': 'Credit cards',
};
