import { detectLanguage, type Language } from '../../lib/i18n/translate';

export interface SettingsState {
  language: Language;
}

export const initialSettingsState: SettingsState = {
  language: detectLanguage(),
};
