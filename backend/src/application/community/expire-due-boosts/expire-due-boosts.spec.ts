import { randomUUID } from 'node:crypto';
import { SchedulerRegistry } from '@nestjs/schedule';
import { BoostExpiry } from '../boost-expiry';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { communityWorld, postPublished } from '../../../../test/support/community-use-cases';
import { ExpireDueBoostsHandler } from './expire-due-boosts.handler';

describe('expire due boosts before a board read', () => {
  const author = randomUUID();
  const [older, newer] = [randomUUID(), randomUUID()];
  let world: ReturnType<typeof communityWorld>;

  beforeEach(async () => {
    world = communityWorld(new SqliteEventStore(':memory:'), new EmbeddedReadStore(':memory:'));
    await world.given(author, { [`post-${older}`]: [postPublished(older, author)] });
    await world.given(author, { [`post-${newer}`]: [postPublished(newer, author)] });
  });

  it('answers the position the read models have reached, with nothing due', async () => {
    const { eventStore, readStore } = world;
    const expiry = new BoostExpiry(world.streamWrites, readStore, new SchedulerRegistry());
    const position = await new ExpireDueBoostsHandler(expiry).execute();
    expect(position).toBe(await eventStore.headPosition());
    expect(position).not.toBeNull();
  });
});
