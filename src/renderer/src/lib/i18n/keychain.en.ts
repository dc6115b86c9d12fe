/** English messages about the system keychain (issue 19: deleting while it is locked); spread into en.ts. */
export const keychainEn = {
  'keychain.deleteLocked':
    'Your system keychain is locked, so the connection was not deleted: its bank password would have stayed in the keychain. Unlock the keychain (or sign in to your desktop session again), then delete the connection again.',
  'keychain.profileDeleteLocked':
    'Your system keychain is locked, so nothing was deleted: your bank passwords would have stayed in the keychain. Unlock the keychain (or sign in to your desktop session again), then delete your profile again.',
};
