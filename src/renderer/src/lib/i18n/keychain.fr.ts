import type { keychainEn } from './keychain.en';

/** Messages sur le trousseau du système (ticket 19 : supprimer quand il est verrouillé) ; repris dans fr.ts. */
export const keychainFr: Record<keyof typeof keychainEn, string> = {
  'keychain.deleteLocked':
    'Le trousseau de votre système est verrouillé : la connexion n’a pas été supprimée, car son mot de passe bancaire serait resté dans le trousseau. Déverrouillez le trousseau (ou rouvrez votre session), puis supprimez de nouveau la connexion.',
  'keychain.profileDeleteLocked':
    'Le trousseau de votre système est verrouillé : rien n’a été supprimé, car vos mots de passe bancaires seraient restés dans le trousseau. Déverrouillez le trousseau (ou rouvrez votre session), puis supprimez de nouveau votre profil.',
};
