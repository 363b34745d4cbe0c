import { randomUUID } from 'node:crypto';
import { ValidationError } from '../../../domain/shared/errors';
import { INVALID_CURSOR } from '../post-reads';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { communityWorld, postPublished } from '../../../../test/support/community-use-cases';
import { GetBoardHandler } from './get-board.handler';
import { GetBoardQuery } from './get-board.query';

describe('the general board', () => {
  const author = randomUUID();
  const [older, newer] = [randomUUID(), randomUUID()];
  let world: ReturnType<typeof communityWorld>;

  beforeEach(async () => {
    world = communityWorld(new SqliteEventStore(':memory:'), new EmbeddedReadStore(':memory:'));
    await world.given(author, { [`post-${older}`]: [postPublished(older, author)] });
    await world.given(author, { [`post-${newer}`]: [postPublished(newer, author)] });
  });

  const board = (limit: number, cursor?: string) =>
    new GetBoardHandler(world.reads).execute(new GetBoardQuery('top', undefined, limit, cursor));

  it('pages the posts in board order, each with its rank, the next page after the cursor', async () => {
    const first = await board(1);
    expect(first.items).toHaveLength(1);
    expect(first.items[0]!.rank).toBe(1);
    const second = await board(1, first.nextCursor!);
    expect(second.items.map((item) => item.rank)).toEqual([2]);
    expect([first.items[0]!.post._id, second.items[0]!.post._id].sort()).toEqual(
      [older, newer].sort(),
    );
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not make', async () => {
    await expect(board(1, 'not-a-cursor')).rejects.toThrow(new ValidationError(INVALID_CURSOR));
  });
});
