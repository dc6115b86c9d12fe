/**
 * English messages of the statement-file readers' outcomes (issue 19): a file that is not a bank or card
 * statement, and an imported file of which some rows could not be read. Spread into en.ts.
 */
export const statementsEn = {
  'docReport.todo.notStatement':
    'This file is not a statement of a bank or card account (an investment statement, an error message from the bank, or a list of accounts or categories). Download the statement of your bank or card account and import that file instead.',
  'docReport.todo.rowsLeftOut':
    'Some rows of this file could not be read and were left out; its other rows are imported. Fix those rows (their lines are named above) or export the file again from your bank, then import it again: a file in the folder is read again once it changes.',
};
