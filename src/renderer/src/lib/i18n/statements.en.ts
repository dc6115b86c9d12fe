/**
 * English messages of the statement-file readers' outcomes (issue 19): a file that is not a bank or card
 * statement, and an imported file of which some rows could not be read. Spread into en.ts.
 */
export const statementsEn = {
  'docReport.todo.notStatement':
    'This file is not a statement of a bank or card account (an investment statement, an error message from the bank, or a list of accounts or categories). Download the statement of your bank or card account and import that file instead.',
  'docReport.todo.leftOut':
    'The other transactions of this file were imported. The rows named above could not be read: check them against your bank’s statement, then import the corrected file (or export it again) to add them.',
} as const;
