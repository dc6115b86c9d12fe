/**
 * English messages of a connection's synchronization state (connection-state.ts): the last successful
 * synchronization, the last attempt that did not succeed and the next step, the statuses the app reads
 * itself, accounts only their channel's failure left behind, and a bank's consent answer the engine refused.
 * Spread into en.ts.
 */
export const syncStateEn = {
  'syncState.lastSuccess': 'Last synchronized {when}',
  'syncState.never': 'Never synchronized',
  'syncState.attempt': 'Last attempt {when}:',
  'syncState.attemptUndated': 'Last attempt:',
  'syncState.attemptOnly': 'Last attempt {when}',
  'syncState.next.FAILED': 'Choose “Sync now” again in a moment; if it fails again, check this connection’s details.',
  'syncState.next.FAILED.document':
    'Check the list of files read: fix or remove the one that could not be read, then sync again.',
  'syncState.next.AUTH_FAILED': 'Update the login or password, then sync again.',
  'syncState.next.TOO_MANY_ATTEMPTS':
    'Have your bank unlock your access (website or phone), then update the password here.',
  'syncState.next.SERVICE_UNAVAILABLE': 'Nothing is wrong on your side: choose “Sync now” again in a few minutes.',
  'syncState.next.PASSWORD_CHANGE_REQUIRED': 'Change your password on your bank’s website, then update it here.',
  'syncState.next.USER_ACTION_REQUIRED': 'Sign in to your bank’s website and do what it asks, then sync again.',
  'syncState.next.CHALLENGE_REQUIRED': 'Choose “Sync now” and enter the code your bank sends.',
  'syncState.next.NEEDS_SECRET': 'Enter the credentials again with “Update credentials”.',
  'syncState.next.TOKEN_EXPIRED': 'Renew your consent on your bank’s website with “Renew consent”.',
  'syncState.next.PARTIAL_SUCCESS': 'The accounts marked “Error” were not updated; the others are up to date.',
  'syncState.next.PARTIAL_SUCCESS.document':
    'The other files were imported. Fix or remove the file that could not be read (named in the list of files read).',
  'status.NO_ACCOUNT': 'Synchronized, but no account was found yet',
  'status.NO_ACCOUNT.document': 'No statement file read yet: add files to its folder, or drop them on its page',
  'status.RUNNING.document': 'Reading the statement files…',
  'status.PARTIAL_SUCCESS.document': 'Imported, but some files could not be read',
  'accountStatus.NOT_UPDATED': 'Not updated (see its connection)',
  'consentAnswer.notAccepted':
    'Your bank approved the connection, but Coffer could not accept its answer, so nothing was connected. Start again; if it happens again, this bank may not work with Coffer yet.',
  'consentAnswer.notSaved': 'Your bank approved the connection, but Coffer could not save it: {message}',
} as const;
