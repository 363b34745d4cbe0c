import { userDecider, type UserState } from '../../domain/user/user.decider';
import type { EventStore } from '../ports/event-store.port';
import { loadState } from '../shared/decider-runner';
import { accountStreams } from './account-secrets';

/**
 * Attempts for a write that starts a session or replaces the password (a sign-in, a change, a
 * reset, verifying the email). Every sign-in appends to the account's stream, so a crowd of them
 * can keep moving it under one another and under a password change; the password is hashed or
 * checked once before, and only the cheap, pure read-decide-append is tried again. Within one
 * process the decisions on the stream take turns (`runDecider`), so a change waits only for the
 * sign-ins already queued, however long the flood of them lasts; the sign-ins after it are
 * refused rather than appended. The attempts meet writers in other processes.
 */
export const CREDENTIAL_WRITE_ATTEMPTS = 50;

/** The account as its own stream says, for checks the read models must not answer (passwords). */
export async function loadUser(eventStore: EventStore, userId: string): Promise<UserState> {
  return (await loadState(eventStore, userDecider, accountStreams.user(userId))).state;
}
