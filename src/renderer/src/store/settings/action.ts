import type { StateCreator } from 'zustand';
import type { AppStore } from '..';
import { KV, kv } from '../../lib/db';
import { LANGUAGES, type Language } from '../../lib/i18n/translate';

export interface SettingsAction {
  /** Loads the saved language (the browser's language until one is chosen). */
  loadPreferences(): Promise<void>;
  setLanguage(language: Language): Promise<void>;
}

export const createSettingsSlice: StateCreator<AppStore, [], [], SettingsAction> = (set, get) => ({
  async loadPreferences() {
    const saved = await kv.get<Language>(KV.language);
    if (saved && LANGUAGES.includes(saved)) set({ language: saved });
    document.documentElement.lang = get().language;
  },
  async setLanguage(language) {
    if (language === get().language) return;
    set({ language });
    document.documentElement.lang = language;
    await kv.set(KV.language, language);
    // Category labels come from the engine in the request's language.
    if (get().phase === 'ready') void get().loadCategories();
  },
});
