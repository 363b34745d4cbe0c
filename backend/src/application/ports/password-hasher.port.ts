/** Password hashing, behind a port so its cost is configuration and tests can run fast. */
export const PASSWORD_HASHER = Symbol('PasswordHasher');

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a hash it cannot read; never throws for either. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Spends the same time as `verify` and answers false: used when there is no account to check
   * against, so a response's timing does not tell whether an email is registered.
   */
  verifyDecoy(password: string): Promise<false>;
}
