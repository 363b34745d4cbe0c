import { userDecider, type UserState } from '../../domain/user/user.decider';
import type { EventStore } from '../ports/event-store.port';
import { loadState } from '../shared/decider-runner';
import { accountStreams } from './account-secrets';

/**
 * Attempts for a write that starts a session or replaces the password (a sign-in, a change, a
 * reset, verifying the email). Every sign-in appends to the account's stream, so a crowd of them
 * can keep moving it under one another and under a password change; the password is hashed or
 * checked once before, and only the cheap, pure read-decide-append is tried again. Sign-ins that
 * come after a password change are refused rather than appended, so the crowd that can get in a
 * change's way is finite and the change goes through.
 */
export const CREDENTIAL_WRITE_ATTEMPTS = 50;

/** The account as its own stream says, for checks the read models must not answer (passwords). */
export async function loadUser(eventStore: EventStore, userId: string): Promise<UserState> {
  return (await loadState(eventStore, userDecider, accountStreams.user(userId))).state;
}
