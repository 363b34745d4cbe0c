import { randomUUID } from 'node:crypto';
import { ValidationError } from '../../../domain/shared/errors';
import { INVALID_CURSOR } from '../board-cursor';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { communityWorld, postPublished } from '../../../../test/support/community-use-cases';
import { GetBoardHandler } from './get-board.handler';
import { GetBoardQuery } from './get-board.query';
import type { ReadStore } from '../../ports/read-store.port';
import type { DomainEvent } from '../../../domain/shared/event';

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

describe('a searched board page', () => {
  const [searched, other] = [randomUUID(), randomUUID()];
  let world: ReturnType<typeof communityWorld>;
  /** Read-store calls made while `counting` (every call to the port is one query or write). */
  let calls: string[];
  let counting = false;

  beforeAll(async () => {
    const store = new EmbeddedReadStore(':memory:');
    const counted = new Proxy(store, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (counting) calls.push(String(key));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as ReadStore;
    world = communityWorld(new SqliteEventStore(':memory:'), counted);
    const registered = (userId: string, name: string): DomainEvent => ({
      type: 'UserRegistered',
      data: { userId, email: `${userId}@example.com`, anonymousUsername: name },
    });
    const streams: Record<string, DomainEvent[]> = {
      [`user-${searched}`]: [registered(searched, 'Searchedfeet')],
      [`user-${other}`]: [registered(other, 'Otherfeet')],
    };
    // 60 posts each, tied on every sort key but `_id`: the two authors' posts interleave.
    for (let i = 0; i < 60; i += 1) {
      for (const author of [searched, other]) {
        const id = randomUUID();
        streams[`post-${id}`] = [postPublished(id, author)];
      }
    }
    await world.given(searched, streams);
  });

  const searchPage = async (limit: number) => {
    calls = [];
    counting = true;
    try {
      return await new GetBoardHandler(world.reads).execute(
        new GetBoardQuery('top', 'searchedfeet', limit, undefined),
      );
    } finally {
      counting = false;
    }
  };

  it('costs the same number of read-store queries for 5 posts as for 50, each post ranked on the whole board', async () => {
    const five = await searchPage(5);
    const fiveCalls = calls;
    const fifty = await searchPage(50);
    expect(fifty.items).toHaveLength(50);
    expect(calls).toHaveLength(fiveCalls.length);
    expect(calls.length).toBeLessThanOrEqual(4);

    const whole = await new GetBoardHandler(world.reads).execute(
      new GetBoardQuery('top', undefined, 100, undefined),
    );
    const next = await new GetBoardHandler(world.reads).execute(
      new GetBoardQuery('top', undefined, 100, whole.nextCursor!),
    );
    const rankOnBoard = new Map(
      [...whole.items, ...next.items].map((item) => [item.post._id, item.rank]),
    );
    const ranks = fifty.items.map((item) => item.rank);
    expect(ranks).toEqual(fifty.items.map((item) => rankOnBoard.get(item.post._id)));
    expect(new Set(ranks).size).toBe(50);
    expect(ranks.at(-1)).toBeGreaterThan(50);
    expect(five.items.map((item) => item.rank)).toEqual(ranks.slice(0, 5));
  });
});
