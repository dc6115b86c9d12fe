/** English messages of Settings → Backups (issue 20: rolling backups); spread into en.ts. */
export const backupsEn = {
  'settings.backups': 'Backups',
  'backups.intro':
    'Coffer backs up your data by itself while it changes (at most once an hour; it keeps every backup of the last 48 hours, one a day for 30 days and one a month for 12 months), before an update changes your data, and before a restore. Bank credentials stay in your system keychain and are not in the backups.',
  'backups.now': 'Back up now',
  'backups.made': 'Backup made.',
  'backups.deleted': 'Backup deleted.',
  'backups.none': 'No backup yet',
  'backups.col.date': 'Made',
  'backups.col.reason': 'Why',
  'backups.col.size': 'Size',
  'backups.reason.AUTOMATIC': 'Automatic',
  'backups.reason.MANUAL': 'By you',
  'backups.reason.BEFORE_RESTORE': 'Before a restore',
  'backups.reason.BEFORE_UPGRADE': 'Before an update',
  'backups.restore': 'Restore',
  'backups.delete': 'Delete',
  'backups.restoreTitle': 'Restore the backup of {date}?',
  'backups.restoreBody':
    'Everything you did in Coffer since {date} is replaced by what the backup holds: transactions, notes, categories, connections and accounts go back to how they were then. Coffer backs up your data as it is now first, so you can come back to it. Your bank credentials stay in your system keychain, untouched.',
  'backups.restoreConfirm': 'Restore',
  'backups.restoring': 'Restoring your data… Synchronizations are stopped until it is done.',
  'backups.restored': 'Your data is back as it was on {date}. A backup of what you had just before is in the list.',
  'backups.deleteTitle': 'Delete the backup of {date}?',
  'backups.deleteBody': 'The backup file is removed from the disk. Your data and the other backups do not change.',
  'backups.diskFull':
    'The disk is full, so no backup was made and your data did not change. Free some space on the disk, then try again.',
  'backups.damaged':
    'This backup file is damaged or is not a Coffer backup, so nothing was restored and your data did not change. Choose another backup.',
  'backups.busy': 'A restore is already under way. Wait for it to end, then try again.',
};
