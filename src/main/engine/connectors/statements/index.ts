/**
 * "Statement files" (provider 9500, type DOCUMENT): each synchronization imports the bank statement files
 * (OFX/QFX, QIF, CSV, CAMT.052/053, MT940) that are new or changed in the connection's folder, plus the
 * files uploaded with POST /connections/{id}/documents. See run-import.ts for one run, statement-batches.ts
 * for accounts and transaction keys, balance-anchor.ts for balances, run-report.ts for the files register,
 * engine-binding.ts for how the connector reaches its engine.
 */
import { AccountError, ConnectorError, type Connector, type ConnectorContext } from '../types';
import { statementsDefinition } from './definition';
import { bindingOf } from './engine-binding';
import { importRun, type RunResult } from './run-import';

export { STATEMENTS_CHANNEL_ID, STATEMENTS_ID, FOLDER_CREDENTIAL, statementsDefinition } from './definition';
export { startStatementFiles } from './engine-binding';
export { MAX_STATEMENT_BYTES } from './statement-reader';

const runs = new WeakMap<ConnectorContext, Promise<RunResult>>();

/** The files are read once per run (one context object per run), whatever the engine asks first. */
function runOf(ctx: ConnectorContext): Promise<RunResult> {
  let run = runs.get(ctx);
  if (!run) {
    const binding = bindingOf(ctx.bankState);
    run = binding
      ? importRun(binding, ctx)
      : Promise.reject(new ConnectorError('FAILED', 'statement files are not set up in this engine'));
    runs.set(ctx, run);
  }
  return run;
}

export const statementsConnector: Connector = {
  definition: statementsDefinition,

  async listAccounts(ctx) {
    return (await runOf(ctx)).accounts;
  },

  async fetchAccount(ctx, account) {
    const result = (await runOf(ctx)).fetches.get(account.reference);
    if (!result) throw new AccountError('NOT_FOUND', `no statement of account ${account.reference}`);
    return result;
  },
};
