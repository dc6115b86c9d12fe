import { describe, expect, it } from 'vitest';
import { errorWords } from '../../../src/renderer/src/lib/api/error-words';
import { translate } from '../../../src/renderer/src/lib/i18n/translate';
import type { MessageKey } from '../../../src/renderer/src/lib/i18n';
import { damagedDatabaseSentence, DISK_FULL_SENTENCE, missingDatabaseSentence } from '../../../src/main/engine/domain/storage-errors';

const say = (lang: 'en' | 'fr', status: number, code: string, description: string) => {
  const { key, values } = errorWords({ status, code, description });
  return translate(lang, key as MessageKey, values);
};

describe("the app's words for the data folder's failures (the engine's own sentences as input)", () => {
  const file = '/home/léa/.local/share/coffer/coffer.db';

  it('a damaged database names the file and the ways back, in English and French', () => {
    const description = damagedDatabaseSentence(file);
    expect(say('en', 503, 'secret_store_unavailable', description)).toBe(
      `Coffer’s database (${file}) is damaged, so Coffer does not open it and changed nothing in it. Restore a backup from Settings → Backups, or quit Coffer and move the file away (keep it for recovery) to start again from your banks.`,
    );
    expect(say('fr', 503, 'secret_store_unavailable', description)).toMatch(new RegExp(`^La base de données de Coffer \\(${file.replace(/[./]/g, '\\$&')}\\) est endommagée.*Restaurez une sauvegarde`));
  });

  it('a missing database says what was found and how to start fresh on purpose', () => {
    const description = missingDatabaseSentence(file, ['installation.json', 'integrator.json']);
    expect(say('en', 503, 'secret_store_unavailable', description)).toMatch(/\(found: installation\.json, integrator\.json\).*COFFER_START_FRESH=1/);
    expect(say('fr', 503, 'secret_store_unavailable', description)).toMatch(/\(trouvé : installation\.json, integrator\.json\).*COFFER_START_FRESH=1/);
  });

  it('a full disk says nothing was saved and to free some space', () => {
    expect(say('en', 503, 'secret_store_unavailable', DISK_FULL_SENTENCE)).toMatch(/^The disk is full, so nothing was saved\. Free some space/);
    expect(say('fr', 503, 'secret_store_unavailable', DISK_FULL_SENTENCE)).toMatch(/^Le disque est plein : rien n’a été enregistré\. Libérez de la place/);
  });
});
