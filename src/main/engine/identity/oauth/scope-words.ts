import type { UserScope } from '../../auth/scopes';
import type { Language } from '../../../../shared/language';

/** What each user scope lets a program do, in plain words, for the consent page. */
export const SCOPE_WORDS: Record<UserScope, Record<Language, string>> = {
  accounts_read: { en: 'See your accounts and connections', fr: 'Voir vos comptes et vos connexions' },
  accounts_manage: {
    en: 'Rename, close, reopen and delete your accounts',
    fr: 'Renommer, clôturer, rouvrir et supprimer vos comptes',
  },
  transactions_read: {
    en: 'See your transactions, accounts and connections',
    fr: 'Voir vos opérations, vos comptes et vos connexions',
  },
  transactions_manage: {
    en: 'Edit your transactions (category, note, tags) and your categorization rules',
    fr: 'Modifier vos opérations (catégorie, note, étiquettes) et vos règles de catégorisation',
  },
  connections_manage: {
    en: 'Add, change and delete bank connections',
    fr: 'Ajouter, modifier et supprimer des connexions bancaires',
  },
  connections_sync: {
    en: 'Synchronize your connections and answer bank challenges',
    fr: 'Synchroniser vos connexions et répondre aux défis de la banque',
  },
  profile: { en: 'See your profile and its properties', fr: 'Voir votre profil et ses propriétés' },
  profile_edit: {
    en: 'Change or delete your profile and its properties',
    fr: 'Modifier ou supprimer votre profil et ses propriétés',
  },
};
