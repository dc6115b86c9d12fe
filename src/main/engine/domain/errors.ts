/**
 * Domain errors: what a rule or a use case refuses, in words, without HTTP. Only the HTTP edge
 * (http/error-handler.ts) turns them into status codes and the error body `{error, error_description, id?}`;
 * everything below the routes throws these (or returns results), never an HTTP error.
 */
export abstract class DomainError extends Error {
  /** The resource the error concerns (its public id), repeated as `id` in the error body. */
  readonly resourceId?: string;

  constructor(message: string, resourceId?: string) {
    super(message);
    this.name = new.target.name;
    this.resourceId = resourceId;
  }
}

/** The thing asked for does not exist for this caller (another user's id is "not found" too). */
export class NotFound extends DomainError {
  static of(what: string, id?: string | number): NotFound {
    const text = id === undefined ? `${what} not found` : `${what} ${id} not found`;
    return new NotFound(text, id === undefined ? undefined : String(id));
  }
}

/** The request contradicts what exists (an e-mail already in use…). */
export class Conflict extends DomainError {}

/** The input breaks a rule (a wrong value, a missing field, an impossible transition). */
export class InvalidInput extends DomainError {}

/** A credential encryption key that has expired (its JWE cannot be read any more). */
export class KeyExpired extends DomainError {}

/** A credential that should have arrived as a JWE could not be decrypted or is not one. */
export class InvalidCredentialsEncryption extends DomainError {}

/** No OS keychain can keep a secret; nothing was stored anywhere else. */
export class SecretStoreUnavailable extends DomainError {
  constructor(readonly detail: string) {
    super(`no OS keychain is available to keep the credentials (${detail}); nothing was stored`);
  }
}

/**
 * A deletion refused because the keychain could not confirm that a stored secret is gone (locked, or not
 * reachable): deleting the rows anyway would leave the bank password in the keychain for good, with nothing
 * left in Coffer to find it by. Answered like any keychain failure (503 secret_store_unavailable), with its
 * own words; nothing was deleted.
 */
export class SecretRemovalRefused extends SecretStoreUnavailable {
  constructor(what: string, detail: string) {
    super(detail);
    this.message =
      `the system keychain is locked or cannot be reached (${detail}), so ${what} was not deleted: its bank ` +
      'credentials would have stayed in the keychain. Unlock the keychain (or open your desktop session again), ' +
      'then delete it again';
  }
}

/** A presented token or client secret is unknown, expired, revoked or not for this use. */
export class Unauthenticated extends DomainError {}

/** The disk (or the chosen folder's volume) has no room left for what was being written; nothing was half-written. */
export class DiskFull extends DomainError {}
