/**
 * Errors a `UserStore` throws, with the message a person should see and the HTTP status the
 * server answers with. Store-specific errors (Airtable's non-`Error` objects, SQLite
 * constraint failures) are wrapped so nothing above the store needs to know them.
 */
export class UserStoreError extends Error {
  override name = 'UserStoreError';
  readonly status: number;
  /**
   * What a visitor is told when `message` is for the operator (it names a host, a path or the
   * driver's text); the server logs `message` and answers this.
   */
  readonly publicMessage: string;

  constructor(message: string, status: number, options?: { cause?: unknown; publicMessage?: string }) {
    super(message, options);
    this.status = status;
    this.publicMessage = options?.publicMessage ?? message;
  }
}

/** A store that is down or too slow, as a visitor is told it. */
export const STORE_UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';
/** A store failure a visitor cannot act on. */
export const STORE_FAILED = 'Something went wrong on the server. Please try again.';

export class DuplicateEmailError extends UserStoreError {
  override name = 'DuplicateEmailError';
  constructor(email: string, options?: { cause?: unknown }) {
    super(`A user with the email ${email} already exists. Use a different email address.`, 409, options);
  }
}

export class UserNotFoundError extends UserStoreError {
  override name = 'UserNotFoundError';
  constructor(id: string, options?: { cause?: unknown }) {
    super(`No user has the id ${id}. Reload the list and try again.`, 404, options);
  }
}

/** The spec's message for a hosted-table 401 (§8). */
export const STORE_AUTH_FAILED = 'Authentication failed. Please check your credentials.';

export class LastAdminError extends UserStoreError {
  override name = 'LastAdminError';
  constructor(options?: { cause?: unknown }) {
    super('This is the last Admin account: it cannot be deleted.', 409, options);
  }
}

export class BadCursorError extends UserStoreError {
  override name = 'BadCursorError';
  constructor(options?: { cause?: unknown }) {
    super('The page cursor is not valid. Start again from the first page.', 400, options);
  }
}

/** A new password that `passwordProblem` refuses; the message says why. */
export class WeakPasswordError extends UserStoreError {
  override name = 'WeakPasswordError';
  constructor(message: string) {
    super(message, 400);
  }
}

export class LeadNotFoundError extends UserStoreError {
  override name = 'LeadNotFoundError';
  constructor(id: string, options?: { cause?: unknown }) {
    super(`No lead has the id ${id}. Reload the list and try again.`, 404, options);
  }
}

/** Releasing a lead that is not held (another Admin released it first, or it never was). */
export class LeadNotHeldError extends UserStoreError {
  override name = 'LeadNotHeldError';
  constructor(id: string) {
    super(`The lead ${id} is not held for review (it may have been released already). Reload the list.`, 409);
  }
}
