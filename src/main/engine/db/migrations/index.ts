import m001 from './m001_initial';

/**
 * Versioned migrations, applied in order at start. Never edit a migration that has shipped: add one.
 * Areas that need schema changes append `mNNN_<what>.ts` here.
 */
export const migrations: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  { version: 1, name: 'initial', sql: m001 },
];
