import { DataDirInUseError } from '../data-dir-lock';
import { processIo, UsageError, type CliIo } from './cli-support';
import { recoverCommand, RECOVER_USAGE } from './recover-command';
import { clientsCommand, CLIENTS_USAGE } from './clients-command';
import { serve } from './serve';
import { tokensCommand, TOKENS_USAGE } from './tokens-command';
import { verifyCommand, VERIFY_USAGE } from './verify';

const USAGE = `Coffer command line: npm run cli -- <command> …

commands:
  serve      run the engine without the desktop app (npm run cli -- serve --help)
  clients    OAuth clients for scripts and apps
  tokens     personal access tokens
  verify     check a signed answer (sign_response=true)
  recover    open a backup on this computer with the recovery code

${CLIENTS_USAGE}

${TOKENS_USAGE}

${VERIFY_USAGE}

${RECOVER_USAGE}`;

/** Runs one command; resolves to the process exit code (0 done, 2 usage or unknown thing, 1 failure). */
export async function runCli(argv: string[], io: CliIo = processIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve':
        await serve(rest);
        return 0;
      case 'clients':
        clientsCommand(rest, io);
        return 0;
      case 'tokens':
        tokensCommand(rest, io);
        return 0;
      case 'import': return await (await import('./import-command')).importCommand(rest, io);
      case 'recover':
        return await recoverCommand(rest, io);
      case 'verify':
        return await verifyCommand(rest, io);
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE);
        return 0;
      default:
        io.err(command ? `coffer: unknown command ${command}\n\n${USAGE}` : USAGE);
        return 2;
    }
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    // serve.ts has a UsageError class of its own (bad --port).
    const known =
      err instanceof UsageError ||
      err instanceof DataDirInUseError ||
      e.constructor?.name === 'UsageError' ||
      (e.code ?? '').startsWith('ERR_PARSE_ARGS');
    io.err(`coffer: ${known ? e.message : (e.stack ?? e.message)}`);
    if (e.code === 'EADDRINUSE') io.err('coffer: that port is taken; choose another with --port (0 picks a free one)');
    return known ? 2 : 1;
  }
}

const isMain = process.argv[1] && /[\\/]cli[\\/]index\.[cm]?[jt]s$/.test(process.argv[1]);
if (isMain) {
  runCli(process.argv.slice(2)).then((code) => {
    // `serve` keeps running until a signal; everything else ends here.
    if (code !== 0 || process.argv[2] !== 'serve') process.exitCode = code;
  });
}
