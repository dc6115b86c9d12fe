import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';

/**
 * Engine log: everything at `level` to DIR/logs/coffer.log, warnings and errors also to stderr.
 * Per-request logging is off (it would dominate the hot path); errors carry method and URL only, never
 * headers or bodies, so no token or credential is ever logged.
 */
export function createLogger(dataDir: string, level = process.env.COFFER_LOG_LEVEL ?? 'info'): Logger {
  const dir = join(dataDir, 'logs');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return pino(
    {
      level,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.client_secret'], censor: '[redacted]' },
    },
    pino.multistream([
      { level: level as pino.Level, stream: pino.destination({ dest: join(dir, 'coffer.log'), sync: true, mkdir: true }) },
      { level: 'warn', stream: process.stderr },
    ]),
  );
}
