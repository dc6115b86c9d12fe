/**
 * PUT /admin/settings (see docs/api/admin.md#settings): which values each setting accepts. A body names the settings to
 * change; the others keep their values. Every value is checked before anything is written (all or nothing).
 */
import { isAbsolute } from 'node:path';
import { InvalidInput } from '../domain/errors';
import type { Settings, SettingsShape } from '../settings';
import type { Store } from '../store';

export type SettingsPatch = Partial<SettingsShape>;

type Check = (value: unknown) => string | null;

const integerIn =
  (min: number, max: number): Check =>
  (v) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max
      ? null
      : `must be a whole number from ${min} to ${max}`;

const numberIn =
  (minExclusive: number, max: number): Check =>
  (v) =>
    typeof v === 'number' && Number.isFinite(v) && v > minExclusive && v <= max
      ? null
      : `must be a number above ${minExclusive} and at most ${max}`;

/** `scheme://host[:port]` exactly as a browser sends it in `Origin` (no path, no trailing slash). */
export function isOrigin(text: string): boolean {
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === text;
  } catch {
    return false;
  }
}

const origins: Check = (v) => {
  if (!Array.isArray(v)) return 'must be an array of origins';
  if (v.length > 50) return 'must hold at most 50 origins';
  const bad = v.find((o) => typeof o !== 'string' || !isOrigin(o));
  return bad === undefined
    ? null
    : `holds ${JSON.stringify(String(bad).slice(0, 80))}, which is not an origin like http://localhost:3000`;
};

const backupFolder: Check = (v) =>
  typeof v === 'string' && v.length <= 4096 && (v === '' || isAbsolute(v))
    ? null
    : 'must be an absolute folder path, or empty for the backups folder inside the data folder';

export const SETTING_RULES: Record<keyof SettingsShape, { check: Check; description: string }> = {
  sync_interval_hours: {
    check: numberIn(0, 8760),
    description: 'Hours between automatic synchronizations (above 0, at most 8760).',
  },
  challenge_timeout_seconds: {
    check: integerIn(10, 86_400),
    description: 'Seconds a challenge waits for an answer (10 to 86 400).',
  },
  webhook_accounts_threshold: {
    check: integerIn(0, 1_000_000),
    description: 'Above this many accounts a webhook event carries an empty accounts array (0 to 1 000 000).',
  },
  max_parallel_syncs: { check: integerIn(1, 64), description: 'Channel synchronizations run at once (1 to 64).' },
  allowed_origins: {
    check: origins,
    description: 'Browser origins allowed to call the API besides its own (at most 50).',
  },
  backup_folder: {
    check: backupFolder,
    description:
      'Absolute path of the folder where backups are written (a synced folder works); empty: the backups folder ' +
      'inside the data folder.',
  },
};

export type PatchResult = { ok: true; patch: SettingsPatch } | { ok: false; reason: string };

/** Validates a body; unknown members are ignored (see docs/api/request-bodies.md#unknown-fields). */
export function parseSettingsPatch(body: unknown): PatchResult {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { ok: false, reason: 'the body must be a JSON object' };
  const patch: Record<string, unknown> = {};
  for (const [key, rule] of Object.entries(SETTING_RULES)) {
    if (!(key in body)) continue;
    const value = (body as Record<string, unknown>)[key];
    const problem = rule.check(value);
    if (problem) return { ok: false, reason: `${key} ${problem}` };
    patch[key] = Array.isArray(value) ? [...new Set(value)] : value;
  }
  return { ok: true, patch: patch as SettingsPatch };
}

/** The installation settings use cases (routes/admin-settings.ts). */
export function createSettingsService(deps: { store: Pick<Store, 'transaction'>; settings: Settings }) {
  return {
    all: (): SettingsShape => deps.settings.all(),
    /** Checks the whole body first (InvalidInput with the reason), then writes the named settings in one transaction. */
    update(body: unknown): SettingsShape {
      const result = parseSettingsPatch(body);
      if (!result.ok) throw new InvalidInput(result.reason);
      deps.store.transaction(() => {
        for (const [key, value] of Object.entries(result.patch)) deps.settings.set(key as keyof SettingsShape, value as never);
      });
      return deps.settings.all();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
