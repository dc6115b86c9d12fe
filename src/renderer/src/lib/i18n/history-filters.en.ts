/** English messages of the history's filters and of its empty screen; spread into en.ts. */
export const historyFiltersEn = {
  'hfilter.moreSet': 'Filters · {count}',
  'hfilter.direction': 'Money in or out',
  'hfilter.direction.both': 'In and out',
  'hfilter.direction.in': 'Money in',
  'hfilter.direction.out': 'Money out',
  'hfilter.amountHint': 'Amounts count by their size, whether the money came in or went out.',
  'hfilter.notAmount': '“{text}” is not an amount: type a number, such as 100 or 42.50.',
  'hfilter.emptyTitle': 'No transactions yet',
  'hfilter.emptyNoConnection':
    'Coffer shows the transactions of your bank accounts. Connect your bank, or import a statement file your bank gave you (OFX, QFX, QIF, CSV, CAMT.052/053/054, MT940).',
  'hfilter.emptyConnections':
    'Your connections have not brought any transaction yet. Open your connections to see how their last synchronization went, or synchronize them again.',
  'hfilter.addConnection': 'Add a connection',
  'hfilter.importFile': 'Import a statement file',
  'hfilter.openConnections': 'Open your connections',
  'hfilter.filteredTitle': 'No transaction matches these filters',
  'hfilter.filteredText': 'Change a filter, or clear them all to see your {total} again.',
  'hfilter.clear': 'Clear the filters',
};
