/** English titles of the screen shown when the engine does not open its database (issue 20); spread into en.ts. */
export const storageEn = {
  'storage.damaged.title': 'Your Coffer database is damaged',
  'storage.missing.title': 'Your Coffer data is not there',
};
