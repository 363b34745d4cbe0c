/**
 * The one error family of the domain. The api maps each kind to an HTTP status in a single
 * exception filter, so domain code never speaks HTTP.
 */
export abstract class DomainError extends Error {
  abstract readonly kind:
    | 'validation'
    | 'illegal-state'
    | 'not-found'
    | 'conflict'
    | 'rejected-content'
    | 'forbidden'
    | 'unauthenticated';

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  readonly kind = 'validation' as const;
}

export class IllegalStateError extends DomainError {
  readonly kind = 'illegal-state' as const;
}

export class NotFoundError extends DomainError {
  readonly kind = 'not-found' as const;
}

export class ConflictError extends DomainError {
  readonly kind = 'conflict' as const;
}

export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden' as const;
}

/** Not signed in, or credentials that do not match (the api answers 401). */
export class UnauthenticatedError extends DomainError {
  readonly kind = 'unauthenticated' as const;
}

/**
 * The password a sign-in (or a password change) checked was replaced before the decision: what
 * the person proved is no longer the account's credential, so nothing is recorded. The shell
 * answers it as the wrong password it now is.
 */
export class CredentialChangedError extends UnauthenticatedError {
  constructor() {
    super('The password has just changed. Please sign in with the new one.');
  }
}

/** Content that breaks the product's rules (not feet, a face, nudity). */
export class RejectedContentError extends DomainError {
  readonly kind = 'rejected-content' as const;
}
