import { existsSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Written once a database is open for good: this folder holds (or held) a Coffer installation. */
export const INSTALL_MARKER = 'installation.json';

/**
 * What in a data folder shows that a Coffer installation lived there: the marker written at first start,
 * the integrator client's file (written at every first start since the first version), and backups. A
 * database missing or empty beside any of these was lost (a copy taken while the engine ran holds nothing:
 * the data was still in the write-ahead log), it is not a first start.
 */
export function previousInstallationEvidence(dataDir: string): string[] {
  const found: string[] = [];
  if (existsSync(join(dataDir, INSTALL_MARKER))) found.push(INSTALL_MARKER);
  if (existsSync(join(dataDir, 'integrator.json'))) found.push('integrator.json');
  const backups = join(dataDir, 'backups');
  if (existsSync(backups) && readdirSync(backups).length > 0) found.push('backups/');
  return found;
}

/** Writes the marker (atomically) when it is not there yet; it names the installation, nothing private. */
export function writeInstallMarker(dataDir: string, installId: string, now: number): void {
  const file = join(dataDir, INSTALL_MARKER);
  if (existsSync(file)) return;
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ install_id: installId, created: now }, null, 2) + '\n', { mode: 0o600 });
  renameSync(tmp, file);
}
