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
    'On another computer: install Coffer, copy the backup file into its backups folder, then Restore it below and type this key. Your banks\' passwords are not in backups: give them again afterwards.',
  'recoveryKey.reminder':
    'Write down your recovery key: your data is encrypted, and without this key a backup cannot be opened on another computer.',
  'recoveryKey.reminderAction': 'See the recovery key',
  'recoveryKey.restoreField': 'Recovery key of the other computer (only for a backup made there)',
  'recoveryKey.restoreHint': 'Leave it empty for a backup this computer made.',
  'recoveryKey.restoreWrongCode':
    'This recovery key does not open the backup, so nothing was restored and your data did not change. Check the key on your copy: it must be the one of the computer that made the backup.',
  'recoveryKey.restoreTypo':
    'The recovery key has a typing mistake (a group is missing, or a character is wrong), so nothing was restored. Compare each group with your copy, then try again.',
  'recoveryKey.restoreNeedsCode':
    'This backup was made on another computer, so it opens only with that computer\'s recovery key. Nothing was restored. Click Restore again and type the key.',
};
