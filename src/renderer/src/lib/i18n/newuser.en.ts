/** English messages of what a new user meets first (show password, the test bank's demo logins, Enable Banking in Add a connection); spread into en.ts. */
export const newUserEn = {
  'secret.show': 'Show password',
  'secret.showSecret': 'Show the secret',

  'demo.title': 'Demo logins of the test bank',
  'demo.intro':
    'Coffer Test Bank is a simulated bank for trying Coffer: it holds no real money. Use one of these logins with the password {password}; choose one to fill the form.',
  'demo.introRedirect':
    'Coffer Test Bank is a simulated bank for trying Coffer: it holds no real money. On its page, type one of these logins.',
  'demo.user_ok': 'a checking account, a card, a savings account and a loan, two years of history',
  'demo.user_challenge': 'asks a code received by SMS: type 123456',
  'demo.user_many': '150 accounts',
  'demo.user_partial': 'two accounts fail, the others import',
  'demo.user_pro': 'with a business account to validate',
  'demo.user_password_change': 'the bank asks for a new password',
  'demo.user_unavailable': 'the bank is out of service',
  'demo.user_big': '100,000 transactions',
  'demo.user_ok_uk': 'a British customer, in pounds',

  'add.documentSubtitle': 'Files from any bank · OFX, QFX, QIF, CSV, CAMT.052/053/054, MT940',
  'add.ebOfferTitle': 'Looking for another bank in Europe?',
  'add.ebOffer':
    'Coffer reaches more than 2,500 European banks through Enable Banking, once you register your own free application there (about five minutes).',
  'add.ebNoMatch':
    'Your bank may be one of the 2,500 European banks Coffer reaches through Enable Banking. It is not set up yet: register your own free application there (about five minutes), then search again.',
  'add.ebSetUp': 'Set up Enable Banking',
};
