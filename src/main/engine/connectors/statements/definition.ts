/**
 * Catalogue entry of "Statement files" (provider 9500, type DOCUMENT,
 * docs/api/providers-and-test-bank.md#statement-files): one EMBEDDED channel definition whose only credential is a
 * folder path. Country FRA, like the Test Bank: the catalogue has no neutral alpha-3 code that `country_code=` filters
 * would find, and Coffer's defaults (EUR, French category labels) are French.
 */
import type { CredentialDefinition, ProviderDefinition } from '../types';

export const STATEMENTS_ID = '9500';
export const STATEMENTS_CHANNEL_ID = '950000';
export const FOLDER_CREDENTIAL = 'folder';

/** An absolute path: POSIX (`/…`), Windows drive (`C:\…`, `C:/…`) or UNC (`\\server\share…`). */
const ABSOLUTE_PATH_REGEXP = '^(?:/|[A-Za-z]:[\\\\/]|\\\\\\\\).{0,4095}$';

const FOLDER_FIELD: CredentialDefinition = {
  id: FOLDER_CREDENTIAL,
  label: 'Folder of statement files (absolute path)',
  label_fr: 'Dossier des relevés (chemin absolu)',
  type: 'TEXT',
  encrypt: false,
  regexp: ABSOLUTE_PATH_REGEXP,
};

export const statementsDefinition: ProviderDefinition = {
  id: STATEMENTS_ID,
  name: 'Statement files',
  name_fr: 'Relevés de compte',
  type: 'DOCUMENT',
  country_code: 'FRA',
  base_url: 'https://statements.coffer.invalid',
  logo: '9500.svg',
  channel_definitions: [
    {
      id: STATEMENTS_CHANNEL_ID,
      mode: 'EMBEDDED',
      account_types: ['CHECKINGS', 'SAVINGS', 'LOAN', 'CREDIT_CARD'],
      // Nothing to ask the user during a synchronization: the files are read as they are.
      interactive: false,
      credentials: [FOLDER_FIELD],
      unavailable: false,
      capabilities: ['PFM_ACCOUNT'],
    },
  ],
};
