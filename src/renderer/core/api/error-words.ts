/**
 * What the app and the widget say for an error answer of the engine: a message key of core/i18n/errors.en.ts
 * and errors.fr.ts (in both dictionaries) and its values. The engine's `error_description` is written for
 * developers ("credential setup_token: the setup token does not decode to a claim URL"); a person is told
 * what happened and what to do next instead, never the engine's text or a field path. The description is only read to tell apart the
 * refusals that share a code (every refused input is `invalid_request`); a refusal the app does not know
 * gets a sentence for its code, or the last resort, which still says what to do.
 */
export interface ErrorAnswer {
  /** 0 when the engine could not be reached. */
  status: number;
  code: string;
  description: string;
}

export interface ErrorWords {
  key: string;
  values?: Record<string, string>;
}

/** An engine refusal recognised by its description: the message key, and the values its text takes. */
interface KnownRefusal {
  pattern: RegExp;
  key: string;
  /** The message's values from the description's groups (numbers only: never a value the person typed). */
  values?: (m: RegExpExecArray) => Record<string, string>;
}

const REFUSALS: readonly KnownRefusal[] = [
  // A write that found no room on the disk (503 secret_store_unavailable: nothing was saved).
  { pattern: /^the disk is full, so nothing was saved/, key: 'apierr.diskFull' },
  // Bank credentials (connection creation and new credentials).
  { pattern: /^credential setup_token:/, key: 'apierr.setupToken' },
  { pattern: /^credential \S+ does not match the expected format/, key: 'apierr.credentialFormat' },
  { pattern: /^credential \S+ is required/, key: 'apierr.credentialMissing' },
  { pattern: /^credential \S+ (?:is not a credential of|is given twice)/, key: 'apierr.formOutdated' },
  // The statement folder of a statement-files connection.
  { pattern: /statement folder does not exist/, key: 'apierr.folderMissing' },
  { pattern: /statement folder is not a folder/, key: 'apierr.folderIsFile' },
  { pattern: /statement folder cannot be read/, key: 'apierr.folderUnreadable' },
  { pattern: /statement folder must be an absolute path/, key: 'apierr.folderNotAbsolute' },
  { pattern: /statement folder cannot (?:be|contain|be inside) Coffer's data folder/, key: 'apierr.folderData' },
  { pattern: /statement folder cannot be (?:a system folder|the root of a drive)/, key: 'apierr.folderSystem' },
  { pattern: /statement folder path contains/, key: 'apierr.folderBadPath' },
  // Connections and their accounts.
  { pattern: /(?:^connection \d+ is closed|^the connection of account \S+ is closed)/, key: 'apierr.connectionClosed' },
  {
    pattern: /^(?:channel definition .* is (?:unavailable|not one of provider)|provider \S+ has no available channel|provider \S+ is no longer in the catalogue|unknown provider)/,
    key: 'apierr.bankUnavailable',
  },
  // A person's changes to a transaction and their rules.
  { pattern: /^user_note must be at most (\d+)/, key: 'apierr.noteTooLong', values: (m) => ({ max: m[1] }) },
  { pattern: /^each tag must be 1 to (\d+)/, key: 'apierr.tagTooLong', values: (m) => ({ max: m[1] }) },
  { pattern: /^at most (\d+) tags/, key: 'apierr.tooManyTags', values: (m) => ({ max: m[1] }) },
  { pattern: /^give at least one of category_id/, key: 'apierr.nothingChanged' },
  { pattern: /unknown category/, key: 'apierr.categoryGone' },
  { pattern: /^pattern must be (\d+) to (\d+) characters/, key: 'apierr.patternLength', values: (m) => ({ min: m[1], max: m[2] }) },
  { pattern: /^another rule already has the pattern/, key: 'apierr.ruleExists' },
  // The data folder: its database cannot be opened (the file's path is the engine's, never typed by the person).
  { pattern: /^the database (.+) is damaged/, key: 'apierr.databaseDamaged', values: (m) => ({ file: m[1] }) },
  {
    pattern: /^the database (.+) is missing or empty, but this data folder was used before \(found: ([^)]*)\)/,
    key: 'apierr.databaseMissing',
    values: (m) => ({ file: m[1], found: m[2] }),
  },
  // The Enable Banking application of the settings: its id and its private key, checked with Enable Banking.
  { pattern: /^(?:application_id must be the id Enable Banking|body\.application_id )/, key: 'apierr.ebApplicationId' },
  { pattern: /^(?:the private key is not a PEM file|body\.private_key )/, key: 'apierr.ebKeyNotPem' },
  { pattern: /^the private key is not a readable PEM/, key: 'apierr.ebKeyDamaged' },
  { pattern: /^the private key is not an RSA key/, key: 'apierr.ebKeyNotRsa' },
  { pattern: /^Enable Banking refused the key for application/, key: 'apierr.ebKeyRefused' },
  { pattern: /^Enable Banking could not check the key now/, key: 'apierr.ebUnreachable' },
  // The profile.
  { pattern: /e-mail address is already in use/, key: 'apierr.emailInUse' },
  { pattern: /^too many wrong passwords: wait (\d+) s/, key: 'apierr.tooManyPasswords', values: (m) => ({ seconds: m[1] }) },
];

/** The sentence of each code the engine answers with, when its description says nothing more. */
const BY_CODE: Readonly<Record<string, string>> = {
  network_error: 'apierr.network',
  not_found: 'apierr.notFound',
  conflict: 'apierr.conflict',
  key_expired: 'apierr.keyExpired',
  invalid_credentials_encryption: 'apierr.credentialsUnreadable',
  secret_store_unavailable: 'apierr.keychain',
  insufficient_scope: 'apierr.notAllowed',
  invalid_token: 'apierr.sessionEnded',
  terms_not_accepted: 'apierr.terms',
  payload_too_large: 'apierr.tooLarge',
  internal_error: 'apierr.internal',
  invalid_request: 'apierr.refused',
  invalid_grant: 'apierr.signInAgain',
  invalid_client: 'apierr.signInAgain',
  access_denied: 'apierr.accessDenied',
  origin_not_allowed: 'apierr.notAllowed',
  misdirected_request: 'apierr.notAllowed',
};

/** The engine's reference of an unexpected error, given to quote if it happens again. */
const REFERENCE = /correlation id (\S+)/;

/** The sentence of a refusal the engine words for developers, when the description is one of those known. */
export function refusalWords(description: string): ErrorWords | null {
  for (const refusal of REFUSALS) {
    const m = refusal.pattern.exec(description);
    if (m) return { key: refusal.key, values: refusal.values?.(m) };
  }
  return null;
}

export function errorWords(err: ErrorAnswer): ErrorWords {
  if (err.status === 0) return { key: 'apierr.network' };
  const refusal = refusalWords(err.description);
  if (refusal) return refusal;
  if (err.code === 'internal_error') {
    const ref = REFERENCE.exec(err.description)?.[1];
    return ref ? { key: 'apierr.internalRef', values: { ref } } : { key: 'apierr.internal' };
  }
  const byCode = BY_CODE[err.code];
  if (byCode) return { key: byCode };
  if (err.status >= 500) return { key: 'apierr.internal' };
  return { key: 'apierr.unknown' };
}
