/** English messages of Settings → Backups → Recovery key (issue 20); spread into en.ts. */
export const recoveryKeyEn = {
  'recoveryKey.title': 'Recovery key',
  'recoveryKey.intro':
    'Your data and your backups are encrypted with a key kept in this computer\'s system keychain. On another computer (a new one, or after reinstalling the system), a backup opens only with this recovery key. Keep it on paper or in a password manager, away from this computer.',
  'recoveryKey.firstTime':
    'Write down your recovery key now (or print it). Without it, your backups cannot be opened on another computer. It is shown here until you say you have written it down.',
  'recoveryKey.writtenDown': 'I have written it down',
  'recoveryKey.saved': 'Recovery key kept in your records. It is now shown only after your password.',
  'recoveryKey.askPassword': 'To see your recovery key again, type the password you sign in to Coffer with.',
  'recoveryKey.password': 'Your password',
  'recoveryKey.show': 'Show the recovery key',
  'recoveryKey.hide': 'Hide',
  'recoveryKey.copy': 'Copy',
  'recoveryKey.copied': 'Recovery key copied. Paste it in your password manager, then copy something else.',
  'recoveryKey.print': 'Print',
  'recoveryKey.printTitle': 'Coffer recovery key',
  'recoveryKey.printNote': 'Printed on {date}. It opens your Coffer backups on another computer: keep it somewhere safe.',
  'recoveryKey.codeLabel': 'Your recovery key, 14 groups of 4 letters and digits',
  'recoveryKey.wrongPassword': 'This is not your password. Type the password you sign in to Coffer with.',
  'recoveryKey.throttled': 'Too many wrong passwords. Wait {seconds} seconds, then try again.',
  'recoveryKey.howToUse':
    'On the other computer, with Coffer installed but not running: npm run cli -- recover --backup <backup file>, then type this key. Your banks\' passwords are not in backups: give them again afterwards.',
  'recoveryKey.reminder':
    'Write down your recovery key: your data is encrypted, and without this key a backup cannot be opened on another computer.',
  'recoveryKey.reminderAction': 'See the recovery key',
};
