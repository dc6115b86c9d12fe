/**
 * "Statement files" (provider 9500, type DOCUMENT): each synchronization imports the bank statement files
 * (OFX/QFX, QIF, CSV, CAMT.052/053/054, MT940) that are new or changed in the connection's folder, plus the
 * files uploaded to the connection. See run-import.ts for one run, formats/ for the parsers,
 * statement-batches.ts for accounts and transaction keys, balance-anchor.ts for balances, source.ts for what
 * the connector asks of its engine (the engine's statement-files feature answers).
 */
import { AccountError, ConnectorError, type Connector, type ConnectorContext } from '../types';
import { statementsDefinition } from './definition';
import { importRun, type RunResult } from './run-import';
import type { StatementSource } from './source';

export { STATEMENTS_CHANNEL_ID, STATEMENTS_ID, FOLDER_CREDENTIAL, statementsDefinition } from './definition';
export { MAX_STATEMENT_BYTES } from './statement-reader';

/**
 * The connector, bound to the engine's `source` (none: every run fails, the connector is only described).
 * The files are read once per run — one context object per run — whatever the engine asks first; the run's
 * result is kept by this instance, keyed by that context object, for as long as the run holds it.
 */
export function createStatementsConnector(source?: StatementSource): Connector {
  const runs = new WeakMap<ConnectorContext, Promise<RunResult>>();
  const runOf = (ctx: ConnectorContext): Promise<RunResult> => {
    let run = runs.get(ctx);
    if (!run) {
      run = source
        ? importRun(source, ctx)
        : Promise.reject(new ConnectorError('FAILED', 'statement files are not set up in this engine'));
      runs.set(ctx, run);
    }
    return run;
  };
  return {
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
}

/** The connector as the catalogue describes it (runs need an engine: see createStatementsConnector). */
export const statementsConnector: Connector = createStatementsConnector();
