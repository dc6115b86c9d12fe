/**
 * English messages of the first-week fixes (issue 15, defect 11): a bank's or the sign-in page's refusal in
 * words, key rotation confirmed, the password change, the statement folder picker. Spread into en.ts.
 */
export const firstWeekEn = {
  // A bank's consent page answered with an error (RFC 6749 codes) instead of a code.
  'consentAnswer.refused': 'You did not authorize access at your bank, so nothing was connected. Try again if you meant to, or go back to your connections.',
  'consentAnswer.unavailable': 'The bank’s service is not available right now. Nothing was connected: try again in a few minutes.',
  'consentAnswer.rejected': 'The bank did not accept the request (it answered “{code}”). Nothing was connected: start again; if it happens again, this bank may not work with Coffer yet.',
  'consentAnswer.unknown': 'The bank did not authorize the connection (it answered “{code}”). Nothing was connected: try again, or go back to your connections.',
  'consentAnswer.lost': 'This answer from the bank does not match the connection being added (it may come from an older attempt). Start again.',
  'consentAnswer.backToConnections': 'Back to connections',
  // The sign-in page answered with an error.
  'signInAnswer.refused': 'You chose not to sign in. Sign in again when you are ready.',
  'signInAnswer.unavailable': 'Signing in is not possible right now. Try again in a moment.',
  'signInAnswer.other': 'Signing in did not work (the answer was “{code}”). Try again.',

  'rotate.title': 'Rotate the signing key?',
  'rotate.body':
    'A new key signs the responses from now on. The current key stays published, marked deprecated, so signatures already made can still be checked; but any program that checks signatures must fetch the new public key before it can check new responses.',
  'rotate.confirm': 'Rotate the key',
  'revokeClient.title': 'Revoke the client “{name}”?',
  'revokeClient.body':
    'Its secret stops working at once, and every program using this client is signed out and can no longer call Coffer. This cannot be undone: you would have to create a new client and give its secret to those programs.',

  'password.title': 'Password',
  'password.intro': 'Change the password you sign in with. Your other open sessions are signed out; this one stays open.',
  'password.current': 'Current password',
  'password.new': 'New password',
  'password.newHint': 'At least {min} characters.',
  'password.submit': 'Change password',
  'password.changed': 'Your password was changed. Other sessions were signed out.',
  'password.wrongCurrent': 'The current password is not right. Type it again.',
  'password.tooShort': 'The new password must have at least {min} characters.',
  'password.tooLong': 'The new password must have at most {max} characters.',
  'password.same': 'The new password is the same as the current one.',
  'password.throttled': 'Too many wrong passwords. Wait {seconds} s before trying again.',

  // API values shown in settings, in words.
  'clientType.confidential': 'Confidential',
  'clientType.public': 'Public',
  'delivery.delivered': 'Delivered',
  'delivery.http_error': 'Refused',
  'delivery.timeout': 'No answer in time',
  'delivery.network_error': 'Unreachable',
  'delivery.dropped': 'Dropped',
  'delivery.secret_unavailable': 'Secret unavailable',

  'folder.title': 'Where are your statement files?',
  'folder.choose': 'Choose folder…',
  'folder.chooseFailed': 'The folder window could not open. Type or paste the folder’s path instead.',
  'folder.browserHelp':
    'In a browser Coffer cannot open a folder window: open the folder in your file manager, copy its path (on Windows: Shift + right-click, “Copy as path”; on macOS: Option + right-click, “Copy … as Pathname”; on Linux: Ctrl + L in Files, then copy) and paste it here.',
} as const;
