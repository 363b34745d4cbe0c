import { userDecider, type UserState } from '../../domain/user/user.decider';
import type { EventStore } from '../ports/event-store.port';
import { loadState } from '../shared/decider-runner';
import { accountStreams } from './account-secrets';

/** The account as its own stream says, for checks the read models must not answer (passwords). */
export async function loadUser(eventStore: EventStore, userId: string): Promise<UserState> {
  return (await loadState(eventStore, userDecider, accountStreams.user(userId))).state;
}
