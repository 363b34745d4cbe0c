import { randomUUID } from 'node:crypto';
import type { UserDocument } from '../../projections/users/users.projection';
import type { PasswordHasher } from '../ports/password-hasher.port';
import { newSecretToken } from './account-secrets';

/**
 * What every sign-in and every password asked again share, users' and admins' alike: the password
 * is checked against the hash on the account's own stream (the read models never hold it). An
 * unknown, erased or disabled account (`null`) still costs one hash verification, so neither the
 * answer nor its timing tells whether it exists. The checked account's hash goes into the command,
 * so a password replaced meanwhile refuses the write.
 */
export async function checkPassword<Account extends { passwordHash: string }>(
  hasher: PasswordHasher,
  account: Account | null,
  password: string,
  refusal: () => Error,
): Promise<Account> {
  if (!account) {
    await hasher.verifyDecoy(password);
    throw refusal();
  }
  if (!(await hasher.verify(account.passwordHash, password))) throw refusal();
  return account;
}

/** A new session's secrets: the token goes into the cookie, the id and the hash into the event. */
export interface NewSession {
  sessionId: string;
  token: string;
  tokenHash: string;
}

export function newSession(): NewSession {
  return { sessionId: randomUUID(), ...newSecretToken() };
}

/** A user signed in by a command: the token goes into the cookie and nowhere else. */
export interface SignedIn {
  user: UserDocument;
  sessionToken: string;
}
