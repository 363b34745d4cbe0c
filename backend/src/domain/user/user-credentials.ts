import { CredentialChangedError, ForbiddenError, ValidationError } from '../shared/errors';
import { addMs, SESSION_TTL_MS } from './account-rules';
import type { NewSession } from './user.commands';
import { ACCOUNT_BANNED, ACCOUNT_SUSPENDED } from './user.messages';
import type { OpenSession, RegisteredUser } from './user.state';
import type { SessionEnded, SessionStarted } from './user.events';

/** The sessions and credentials the user decider checks and starts. */

const TOKEN_HASH = /^[0-9a-f]{64}$/;
const PASSWORD_HASH = /^\$argon2id\$/;

export function sessionStarted(userId: string, session: NewSession, now: Date): SessionStarted {
  assertTokenHash(session.tokenHash);
  return {
    type: 'SessionStarted',
    data: {
      userId,
      sessionId: session.sessionId,
      tokenHash: session.tokenHash,
      expiresAt: addMs(now, SESSION_TTL_MS),
      ...(session.browser ? { browser: session.browser } : {}),
      ...(session.marks ? { networkMark: session.marks.network } : {}),
      ...(session.marks?.browser ? { browserMark: session.marks.browser } : {}),
    },
  };
}

/** What the shell checked the presented password against must still be the account's password. */
export function assertCurrentPassword(state: RegisteredUser, verifiedPasswordHash: string): void {
  if (verifiedPasswordHash !== state.passwordHash) throw new CredentialChangedError();
}

export function sessionEnded(
  userId: string,
  session: OpenSession,
  reason: SessionEnded['data']['reason'],
): SessionEnded {
  return {
    type: 'SessionEnded',
    data: { userId, sessionId: session.sessionId, tokenHash: session.tokenHash, reason },
  };
}

/** A suspended or banned account is told why it cannot sign in. */
export function assertMaySignIn(state: RegisteredUser): void {
  if (state.restriction.status === 'banned') throw new ForbiddenError(ACCOUNT_BANNED);
  if (state.restriction.status === 'suspended') throw new ForbiddenError(ACCOUNT_SUSPENDED);
}

export function isPast(iso: string, now: Date): boolean {
  return Date.parse(iso) <= now.getTime();
}

export function assertTokenHash(hash: string): void {
  if (!TOKEN_HASH.test(hash)) throw new ValidationError('A token hash is 64 hexadecimal digits');
}

export function assertPasswordHash(hash: string): void {
  // Catches a shell that passes the password itself instead of its hash.
  if (!PASSWORD_HASH.test(hash)) throw new ValidationError('A password must arrive hashed');
}
