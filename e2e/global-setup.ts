import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The app must be built (npm test builds it first); the engine itself is started per test file. */
export default function globalSetup(): void {
  if (!existsSync(join(import.meta.dirname, '..', 'out', 'renderer', 'index.html'))) {
    throw new Error('the app is not built: run `npm run build` before the end-to-end tests');
  }
}
