/** English messages of exporting and importing one's data (Settings → General); spread into en.ts. */
export const dataTransferEn = {
  'dataTransfer.title': 'Your data',
  'dataTransfer.intro':
    'Take everything you made in Coffer with you, or bring it into a new profile: your connections (without their passwords), accounts, transactions with your notes, tags and categories, and your rules.',
  'dataTransfer.export': 'Export my data',
  'dataTransfer.exported': 'Your data was saved as {file}. It holds no password: keep it somewhere safe all the same, it holds your whole history.',
  'dataTransfer.import': 'Import…',
  'dataTransfer.importHint': 'Choose a file made by “Export my data”. Imports go into an empty profile only.',
  'dataTransfer.hasData':
    'This profile already has {connections}, so an import is refused: it would mix two histories. To bring in the file instead: export this profile first if you want to keep it, delete it below, create a new profile, then import the file.',
  'dataTransfer.imported':
    'Imported: {connections}, {accounts} and {transactions}. Give each bank’s credentials again with “Update credentials” before the next synchronization.',
  'dataTransfer.importHasData':
    'This profile already has data, so the file was not imported: it would mix two histories. Export this profile if you want to keep it, delete it below, create a new profile, then import the file.',
  'dataTransfer.importNewer': 'This file was made by a newer version of Coffer. Update Coffer, then import it again. Nothing was imported.',
  'dataTransfer.importTruncated':
    'This file is cut short: it ends before the export does. Export your data again, or check the copy is complete. Nothing was imported.',
  'dataTransfer.importForeign': 'This file is not a Coffer export. Choose a file made by “Export my data”. Nothing was imported.',
  'dataTransfer.importDamaged':
    'This file was changed or damaged since it was exported, so nothing was imported. Export your data again from the original profile.',
  'dataTransfer.tooLarge': 'This file is larger than 1 GB, the most an import reads. Nothing was imported.',
} as const;
