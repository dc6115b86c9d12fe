/**
 * A user's password length, in characters: at least 8 (the first-run form and the API refuse shorter ones)
 * and at most 1024 (a bound on the work of hashing an attacker-chosen value).
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;
