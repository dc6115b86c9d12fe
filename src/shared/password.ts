/**
 * Password rules of the engine's users, shared by the engine (which enforces them) and the app's forms
 * (which say them before sending): at least 8 characters, so that guessing is slow enough under the login
 * throttle; at most 1024, so that hashing a submitted password stays cheap.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;

/** What is wrong with a password, or null (the messages are the API's error descriptions). */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `password must have at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `password must have at most ${PASSWORD_MAX_LENGTH} characters`;
  return null;
}
