/** English messages of the connection screens added for issue 15 (recovery, duplicates, files report, consent); spread into en.ts. */
export const connEn = {
  // After a refused password (AUTH_FAILED, TOO_MANY_ATTEMPTS)
  'recovery.title': 'Your bank refused the password last time',
  'recovery.text':
    'Trying again sends the same password. Banks lock a login after a few refused attempts (the test bank after five), and unlocking it usually takes a call to the bank.',
  'recovery.advice': 'Update the password first, unless you have just changed it at your bank.',
  'recovery.lockedTitle': 'Your bank has locked this login',
  'recovery.lockedText':
    'Too many refused passwords: each new attempt can keep the login locked. Unlock it with your bank (website or phone), then update the password here.',
  'recovery.retryAnyway': 'Try again anyway',
  'recovery.keptLogin': 'Kept as it is; only the password is asked.',
  'recovery.changeLogin': 'Use another login',

  // The same login twice
  'duplicate.title': 'This login may be already connected',
  'duplicate.text':
    '“{name}” already uses a login shown as {login} at {bank}. If it is the same login, adding it again would count the same accounts twice in your totals.',
  'duplicate.open': 'Open the existing connection',
  'duplicate.addAnyway': 'Add it anyway',

  // Account display
  'accountName.rename': 'Rename',
  'accountName.renameHint': 'Give it a name you recognise; the bank’s own name stays in its details.',

  // Statement files report (GET /connections/{id}/documents)
  'docReport.title': 'Files read',
  'docReport.empty': 'No file read yet: drop statement files above, or put them in the folder of this connection.',
  'docReport.loadFailed': 'The list of files could not be read: {error}',
  'docReport.retry': 'Read again',
  'docReport.folder': 'the folder',
  'docReport.upload': 'sent from the app',
  'docReport.transactions.one': '{count} transaction',
  'docReport.transactions.other': '{count} transactions',
  'docReport.status.IMPORTED': 'Imported',
  'docReport.status.FAILED': 'Could not be read',
  'docReport.status.SKIPPED': 'Not a statement',
  'docReport.status.PENDING': 'Waiting',
  'docReport.failedSummary.one': '{count} file could not be read: the other files were imported. Once it is fixed or removed, this warning goes away.',
  'docReport.failedSummary.other': '{count} files could not be read: the other files were imported. Once they are fixed or removed, this warning goes away.',
  'docReport.todo.line':
    'Correct that line in the file (or export the statement again from your bank), then import the file again.',
  'docReport.todo.upload': 'Fix the file or export it again from your bank, then drop it here again.',
  'docReport.todo.folder':
    'Fix the file in the folder or export it again from your bank (or remove it from the folder), then sync again.',
  'docReport.todo.missingFolder': 'The folder cannot be read: check that it exists, then update the connection’s folder.',
  'docReport.todo.pending': 'Imported at the next synchronization.',
  'docReport.todo.skipped': 'Not read as a statement (PDF, notes): nothing to do.',

  // Per-account consent, in place
  'consentBox.title': 'Accounts at this bank',
  'consentBox.intro':
    'Tick the accounts Coffer may read at your bank; untick one to stop sharing it (its history stays, it is no longer synchronized).',
  'consentBox.shared': 'Shared',
  'consentBox.notShared': 'Not shared',
  'consentBox.save': 'Save my choice',
  'consentBox.saved': 'Consent saved',
  'consentBox.nothing': 'Nothing changed.',
  'consentBox.manage': 'Manage shared accounts',
  'consentBox.none': 'This connection has no account yet: look for the accounts of your bank below.',
  'consentBox.selectAll': 'Tick all',
} as const;
