import { randomUUID } from 'node:crypto';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { communityWorld, postPublished } from '../../../../test/support/community-use-cases';
import { GetWeeklyBoardHandler } from './get-weekly-board.handler';
import { GetWeeklyBoardQuery } from './get-weekly-board.query';

describe('this week’s board', () => {
  const author = randomUUID();
  const [older, newer] = [randomUUID(), randomUUID()];
  let world: ReturnType<typeof communityWorld>;

  beforeEach(async () => {
    world = communityWorld(new SqliteEventStore(':memory:'), new EmbeddedReadStore(':memory:'));
    await world.given(author, { [`post-${older}`]: [postPublished(older, author)] });
    await world.given(author, { [`post-${newer}`]: [postPublished(newer, author)] });
  });

  const weekly = (search?: string) =>
    new GetWeeklyBoardHandler(world.reads).execute(new GetWeeklyBoardQuery(search, 24, undefined));

  it('ranks this week’s posts', async () => {
    const page = await weekly();
    expect(page.items.map((item) => item.rank)).toEqual([1, 2]);
    expect(page.items.map((item) => item.post._id).sort()).toEqual([older, newer].sort());
  });

  it('finds nothing for a name nobody has', async () => {
    expect(await weekly('no-such-name')).toEqual({ items: [], nextCursor: null });
  });
});
