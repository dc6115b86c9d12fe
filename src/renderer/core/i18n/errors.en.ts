/** English sentences for the engine's error answers (core/api/error-words.ts); spread into the app's and the widget's dictionaries. */
export const errorsEn = {
  'apierr.network': 'Coffer’s engine cannot be reached, so nothing was done. Check that Coffer is still running, then try again.',
  'apierr.notFound': 'This no longer exists: it may have been deleted in another window. Refresh the page to see what is left.',
  'apierr.conflict': 'This clashes with something that already exists. Refresh the page to see it, then try again.',
  'apierr.keyExpired': 'Nothing was sent: the key that protects what you typed had expired. Try again: a new key is used.',
  'apierr.credentialsUnreadable':
    'Coffer could not read the credentials sent from this window, so nothing was stored. Try again; if it happens again, restart Coffer.',
  'apierr.keychain':
    'No system keychain is available to keep your bank credentials safely, so nothing was stored. Unlock or set up your computer’s keychain, then try again.',
  'apierr.notAllowed': 'This profile is not allowed to do this. Sign out, sign in with the profile that owns this data, then try again.',
  'apierr.sessionEnded': 'Your session ended. Sign in again, then try again.',
  'apierr.terms': 'Please accept the terms of use first, then try again.',
  'apierr.tooLarge': 'This is too large to send (over 1 MB). Send a smaller file or a shorter text.',
  'apierr.internal': 'Coffer met an unexpected problem and nothing was changed. Try again; if it happens again, restart Coffer.',
  'apierr.internalRef':
    'Coffer met an unexpected problem and nothing was changed. Try again; if it happens again, restart Coffer and give the reference {ref} when you report it.',
  'apierr.refused': 'Coffer did not accept this, so nothing was changed. Check what you entered, then try again.',
  'apierr.signInAgain': 'Signing in did not go through. Start again from the sign-in screen.',
  'apierr.accessDenied': 'Access was not granted, so nothing was connected. Try again if you meant to allow it.',
  'apierr.diskFull':
    'The disk is full, so nothing was saved. Free some space on the disk that holds Coffer’s data folder, then try again.',
  'apierr.databaseDamaged':
    'Coffer’s database ({file}) is damaged, so Coffer does not open it and changed nothing in it. Restore a backup from Settings → Backups, or quit Coffer and move the file away (keep it for recovery) to start again from your banks.',
  'apierr.databaseMissing':
    'Coffer’s database ({file}) is missing or empty, but this data folder was used before (found: {found}), so Coffer did not start a new, empty installation over it. Put the database file back or restore a backup, then restart Coffer. To start again from nothing on purpose, restart Coffer with COFFER_START_FRESH=1.',
  'apierr.unknown': 'This did not work and nothing was changed. Try again; if it happens again, restart Coffer.',
  'apierr.setupToken':
    'This is not a SimpleFIN setup token. Copy the whole token from your SimpleFIN Bridge page (one long line of letters and digits) and paste it again.',
  'apierr.credentialFormat':
    'One of the values does not have the form your bank uses. Check each field against what your bank gave you, then try again.',
  'apierr.credentialMissing': 'A value your bank needs is missing. Fill in every field of the form, then try again.',
  'apierr.formOutdated': 'This form no longer matches what the bank asks for. Go back, choose the bank again and fill in its form.',
  'apierr.folderMissing':
    'This folder does not exist on this computer. Check the path (copy it from your file manager) or create the folder, then try again.',
  'apierr.folderIsFile': 'This path is a file, not a folder. Give the folder that holds your statement files.',
  'apierr.folderUnreadable': 'Coffer is not allowed to read this folder. Give your user access to it, or choose another folder.',
  'apierr.folderNotAbsolute':
    'Give the folder’s full path, from the start of the disk (such as /home/you/Statements, or C:\\Users\\you\\Statements on Windows).',
  'apierr.folderData': 'This is Coffer’s own data folder, or it is inside or around it. Choose a folder of your own for your statements.',
  'apierr.folderSystem': 'This is a system folder. Choose a folder of your own, such as one in your Documents.',
  'apierr.folderBadPath': 'This path contains a character no folder name can have. Copy the path again from your file manager.',
  'apierr.connectionClosed': 'This connection is closed. Reopen it from its page first, then try again.',
  'apierr.bankUnavailable': 'This way of connecting to the bank is no longer available. Go back and choose the bank again.',
  'apierr.noteTooLong': 'Your note is too long: shorten it to at most {max} characters, then save again.',
  'apierr.tagTooLong': 'A tag holds 1 to {max} characters: shorten the longer ones, then save again.',
  'apierr.tooManyTags': 'A transaction holds at most {max} tags: remove some, then save again.',
  'apierr.nothingChanged': 'Nothing was changed. Change the category, the note or the tags, then save.',
  'apierr.categoryGone': 'This category no longer exists. Refresh the page and choose another one.',
  'apierr.patternLength': 'A rule’s text needs {min} to {max} characters. Change it, then save again.',
  'apierr.ruleExists': 'Another rule already has this text. Change the text, or edit that rule instead.',
  'apierr.emailInUse': 'This e-mail address is already used by a profile. Sign in with it, or use another address.',
  'apierr.tooManyPasswords': 'Too many wrong passwords. Wait {seconds} seconds, then try again.',
  'apierr.ebApplicationId':
    'This is not an Enable Banking application id, so nothing was saved. Copy it again from the Control Panel (letters, digits and dashes).',
  'apierr.ebKeyNotPem':
    'This file is not a private key, so nothing was saved. Choose the .pem file Enable Banking downloaded when you registered the application.',
  'apierr.ebKeyDamaged':
    'This key file cannot be read: it may be damaged or cut, so nothing was saved. Choose the .pem file Enable Banking downloaded again.',
  'apierr.ebKeyNotRsa':
    'This is not the kind of key Enable Banking uses (an RSA key), so nothing was saved. Choose the .pem file Enable Banking downloaded.',
  'apierr.ebKeyRefused':
    'Enable Banking refuses this key for this application id, so nothing was saved. Check that the .pem file is the one downloaded when you registered this very application (its name is the application id).',
  'apierr.ebUnreachable':
    'Enable Banking could not check the key just now, so nothing was saved. Check your internet connection and try again in a few minutes.',
};
