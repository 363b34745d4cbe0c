import { fold } from '../../domain/shared/decider';
import { userDecider, type UserState } from '../../domain/user/user.decider';
import type { UserEvent } from '../../domain/user/user.events';
import type { EventStore } from '../../infrastructure/event-store/event-store.port';
import { accountStreams } from './account-secrets';

/** The account as its own stream says, for checks the read models must not answer (passwords). */
export async function loadUser(eventStore: EventStore, userId: string): Promise<UserState> {
  const events = await eventStore.readStream(accountStreams.user(userId));
  return fold(
    userDecider,
    events.map((e) => ({ type: e.type, data: e.data }) as UserEvent),
  );
}
