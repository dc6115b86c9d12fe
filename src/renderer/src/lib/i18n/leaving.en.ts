/** English messages of deleting one's profile (Settings → General); spread into en.ts. */
export const leavingEn = {
  'leaving.title': 'Delete my profile',
  'leaving.intro':
    'Removes your profile and everything Coffer keeps for you on this computer. Files in your statement folders stay where they are.',
  'leaving.open': 'Delete my profile…',
  'leaving.confirmTitle': 'Delete the profile of {email}?',
  'leaving.removes': 'This removes, from Coffer and from this computer:',
  'leaving.data': '{connections}, with {accounts} and {transactions};',
  'leaving.secrets': 'the bank passwords, codes and consents Coffer keeps for them in your system keychain (access you gave on a bank’s consent page is also ended at the bank, where it allows it);',
  'leaving.own': 'your categorization rules, your notes, your tags and your own categories;',
  'leaving.tokens': 'your access tokens, the apps you allowed to read your data, and this window’s sign-in;',
  'leaving.window': 'what this window remembers: saved filters, last screen, language, the dashboard’s copy.',
  'leaving.after':
    'It cannot be undone. Coffer then starts afresh, and {email} can be used again for a new profile.',
  'leaving.counting': 'Counting what will be removed…',
  'leaving.confirm': 'Delete my profile',
  'leaving.connections.one': '{count} connection',
  'leaving.connections.other': '{count} connections',
  'leaving.done': 'Your profile and everything it held were deleted. Create a new profile to start again.',
} as const;
