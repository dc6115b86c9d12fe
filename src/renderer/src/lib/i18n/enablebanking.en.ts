/** English messages of the Enable Banking screens (settings, consent step); spread into en.ts. */
export const ebEn = {
  'settings.enableBanking': 'Enable Banking',

  'eb.title': 'EU banks through Enable Banking',
  'eb.intro':
    'Enable Banking connects Coffer to more than 2,500 banks in Europe under PSD2. It is free for the personal use of your own accounts: you register your own application once (about five minutes), then add your banks like any other connection. A consent lasts up to 180 days, depending on the bank.',
  'eb.guideTitle': 'Register your application at Enable Banking',
  'eb.step1':
    'Open the Enable Banking Control Panel and sign in with your e-mail address (they send you a sign-in link; there is no password).',
  'eb.openControlPanel': 'Open the Control Panel',
  'eb.step2':
    'Under Applications, click “Add a new application”. Choose the environment “Production”, give it a name (for example “Coffer”), fill in your e-mail address and accept the terms, then click “Register”. Your browser creates the private key and downloads it as a file named after the application id, ending in .pem: keep it, you need it below.',
  'eb.step3': 'In the application’s “Redirect URLs”, enter exactly this address:',
  'eb.step3Hint':
    'It opens nothing: your bank sends you back to it with a code, which Coffer reads (the desktop app catches it, in a browser you paste it).',
  'eb.step4':
    'Click “Activate by linking accounts” and sign in at your bank to link your accounts, once per bank. Until then the application is not active, and it can only ever read the accounts linked this way.',
  'eb.step5': 'Below, give the application id and the .pem file. Coffer checks them with Enable Banking at once.',
  'eb.cost':
    'Enable Banking does not charge for a restricted application used for your own accounts. The private key stays in your system’s keychain; it is never shown again.',
  'eb.formTitle': 'Your application',
  'eb.applicationId': 'Application id',
  'eb.applicationIdHint': 'Shown in the Control Panel; the .pem file carries the same name.',
  'eb.privateKey': 'Private key (.pem file)',
  'eb.keyDrop': 'Drop the .pem file here, or',
  'eb.keyPick': 'Choose the .pem file',
  'eb.keyOther': 'Choose another file',
  'eb.keyChosen': '{name} read',
  'eb.keyHint': 'Read in this page and sent once to the engine, which keeps it in your system’s keychain.',
  'eb.keyRequired': 'Choose the .pem file Enable Banking downloaded.',
  'eb.keyNotPem':
    '“{name}” is not a private key: choose the .pem file your browser downloaded when you registered the application.',
  'eb.keyIsPublic':
    '“{name}” holds a public key or a certificate, not the private key: choose the .pem file your browser downloaded when you registered the application.',
  'eb.idMismatch':
    'The file “{file}” is named after another application id. Check that the id and the key belong to the same application.',
  'eb.save': 'Check and save',
  'eb.checking': 'Checking with Enable Banking…',
  'eb.saved': 'Enable Banking is set up: its banks now appear in Add a connection',
  'eb.error.unavailable': 'This engine does not support Enable Banking yet.',
  'eb.error.details': 'Technical details',
  'eb.configuredTitle': 'Your Enable Banking application',
  'eb.name': 'Name',
  'eb.environment': 'Environment',
  'eb.production': 'Production',
  'eb.sandbox': 'Sandbox (test banks only)',
  'eb.status': 'Status',
  'eb.active': 'Active',
  'eb.notActive': 'Not active yet',
  'eb.inactiveTitle': 'Not active yet.',
  'eb.inactive':
    'In the Control Panel, open the application, click “Activate by linking accounts” and link your accounts at your bank. Then click “Check again”.',
  'eb.redirectUrls': 'Redirect URLs',
  'eb.usedByCoffer': 'used by Coffer',
  'eb.otherRedirect': 'Coffer’s redirect URL is not registered in this application: consents will return to {url}.',
  'eb.noRedirect':
    'This application has no redirect URL, so no bank can be connected. Add this one in the Control Panel, then click “Check again”:',
  'eb.countries': 'Countries',
  'eb.addHint': 'The banks of these countries are listed in Add a connection (refreshed every day).',
  'eb.recheck': 'Check again',
  'eb.replace': 'Replace key',
  'eb.remove': 'Remove',
  'eb.removeTitle': 'Remove the Enable Banking application?',
  'eb.removeBody':
    'Coffer forgets “{name}” and its private key. Connections through Enable Banking stop synchronizing; what they imported stays. The application itself stays registered at Enable Banking.',
  'eb.removed': 'Enable Banking application removed',

  'bankConsent.title': 'Connect {bank}',
  'bankConsent.renewTitle': 'Renew your consent at {bank}',
  'bankConsent.intro':
    'You sign in on {bank}’s own page and choose what to share; Coffer never sees your bank password.',
  'bankConsent.windowHint':
    'Coffer opens {bank}’s page in a window of its own. Sign in and approve there: the window closes by itself and the connection is made.',
  'bankConsent.open': 'Open {bank}’s page',
  'bankConsent.waiting': 'Waiting for {bank}…',
  'bankConsent.step1': 'Open {bank}’s page, sign in and approve access to your accounts.',
  'bankConsent.step2':
    'Your browser then lands on a page that does not open: that is expected. Copy the whole address from the address bar (it starts like this one) and paste it below.',
  'bankConsent.pasteFallback': 'The window did not close by itself? Paste the address it showed',
  'bankConsent.pasteLabel': 'The address you landed on',
  'bankConsent.pasteHint': 'It contains a one-time code; it is only used to finish this connection.',
  'bankConsent.finish': 'Finish the connection',
  'bankConsent.restart': 'Start again',
  'bankConsent.renewed': 'Consent renewed: synchronizing',
  'bankConsent.privacy': 'The code is valid for a few minutes and for this connection only.',
  'bankConsent.none': 'There is no bank consent in progress.',
  'bankConsent.startAgain': 'Add a connection',
  'bankConsent.refused':
    'You did not give {bank} your consent, so nothing was connected. You can start again whenever you like.',
  'bankConsent.cancelled': 'The bank’s window was closed before the bank answered. Nothing was connected.',
  'bankConsent.timeout':
    'The bank’s page stayed open too long and was closed: its codes are valid for a few minutes only. Start again.',
  'bankConsent.busy': 'A bank page is already open: finish there first.',
  'bankConsent.loadFailed': '{bank}’s page could not be loaded. Check your internet connection, then start again.',
  'bankConsent.bankError': '{bank} could not authorize the connection ({message}). Start again in a moment.',
  'bankConsent.problem.not_a_url': 'This is not a web address. Copy the whole address from your browser’s address bar.',
  'bankConsent.problem.wrong_address': 'This is not the address Coffer waits for: it should start with {url}',
  'bankConsent.problem.no_answer':
    'This address carries no code: finish on the bank’s page first, then copy the address you land on.',
  'bankConsent.problem.state_mismatch':
    'This address belongs to another attempt. Open the bank’s page again from here, then paste the address you land on.',
  'bankConsent.endsOn': 'Your consent at {bank} ends on {date}. Renew it to keep synchronizing.',
} as const;
