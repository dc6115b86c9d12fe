import type { storageEn } from './storage.en';

/** Titres de l’écran montré quand le moteur n’ouvre pas sa base de données (issue 20) ; repris dans fr.ts. */
export const storageFr: Record<keyof typeof storageEn, string> = {
  'storage.damaged.title': 'Votre base de données Coffer est endommagée',
  'storage.missing.title': 'Vos données Coffer ne sont pas là',
};
