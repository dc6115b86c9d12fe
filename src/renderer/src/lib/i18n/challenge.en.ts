/** English messages of the bank challenges (dialog, banner, connection card and page); spread into en.ts. */
export const challengeEn = {
  'status.awaitingCode': 'Waiting for the code your bank sent you',
  'challenge.retry.one': 'The code was not accepted. {count} attempt left.',
  'challenge.retry.other': 'The code was not accepted. {count} attempts left.',
  'challenge.retryLast': 'The code was not accepted. Last attempt: after a wrong code the synchronization stops.',
  'challenge.retryUnknown': 'The code was not accepted. Try again.',
  'challenge.attempts.one': 'Your bank accepts {count} attempt.',
  'challenge.attempts.other': 'Your bank accepts {count} attempts.',
  'challenge.pending': '{name} is waiting for a security code ({time} left).',
  'challenge.pendingShort': 'Your bank is waiting for a code ({time} left).',
  'challenge.open': 'Enter the code',
  'challenge.openFor': 'Enter the code for {name}',
  'challenge.gone': 'Your bank is no longer waiting for this code.',
  'challenge.nextStep.CHALLENGE_FAILED': 'To try again, choose “Sync now”: your bank sends a new code.',
  'challenge.nextStep.CHALLENGE_TIMED_OUT':
    'The code must be entered within the time shown. Choose “Sync now” to receive a new one.',
  'challenge.nextStep.CHALLENGE_CANCELLED': 'Choose “Sync now” when you are ready: your bank sends a new code.',
} as const;
