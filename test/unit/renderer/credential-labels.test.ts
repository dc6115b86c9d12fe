import { describe, expect, it } from 'vitest';
import { simplefinDefinition } from '../../../src/main/engine/connectors/simplefin/definition';
import { statementsDefinition } from '../../../src/main/engine/connectors/statements/definition';
import { testBankDefinition } from '../../../src/main/engine/connectors/testbank/definition';
import { credentialLabel } from '../../../src/renderer/src/features/connections/credential-label';
import { translate, type Language } from '../../../src/renderer/src/lib/i18n/translate';

const tFor = (lang: Language) => (key: Parameters<typeof translate>[1]) => translate(lang, key);

/** The typed credentials of the engine's own providers, as GET /providers gives them in English. */
const typed = [testBankDefinition, statementsDefinition, simplefinDefinition]
  .flatMap((p) => p.channel_definitions.flatMap((c) => c.credentials))
  .filter((c) => c.type === 'TEXT' || c.type === 'PWD');

describe('the labels of credential fields', () => {
  it("are the app's own, by the field's key, whatever language the engine answered in", () => {
    const folder = { id: 'folder', label: 'Folder of statement files (absolute path)' };
    expect(credentialLabel(tFor('fr'), folder)).toBe('Dossier des relevés (chemin absolu)');
    expect(credentialLabel(tFor('en'), { ...folder, label: 'Dossier des relevés (chemin absolu)' })).toBe(
      'Folder of statement files (absolute path)',
    );
  });

  it.each(typed.map((c) => [c.id, c] as const))('%s is translated, as the engine words it in each language', (_id, c) => {
    expect(credentialLabel(tFor('en'), c)).toBe(c.label);
    expect(credentialLabel(tFor('fr'), c)).toBe(c.label_fr);
  });

  it("keeps the bank's own label for a field the app does not know", () => {
    expect(credentialLabel(tFor('fr'), { id: 'customer_number', label: 'Numéro client' })).toBe('Numéro client');
  });
});
