/**
 * English messages of statement files read as their banks write them: a file imported without some of its
 * rows (the report names their lines above this advice). Spread into en.ts.
 */
export const statementsEn = {
  'docReport.todo.rowsLeftOut':
    'Some rows of this file could not be read and were left out; its other rows are imported. Fix those rows (their lines are named above) or export the file again from your bank, then import it again: a file in the folder is read again once it changes.',
};
