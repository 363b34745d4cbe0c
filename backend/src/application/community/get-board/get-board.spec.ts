import { randomUUID } from 'node:crypto';
import { ValidationError } from '../../../domain/shared/errors';
import type { UserRegistered } from '../../../domain/user/user.events';
import { postPublished } from '../../../../test/support/community-use-cases';
import { useCase } from '../../../../test/support/use-case-specification';
import type { FindOptions, ReadStore } from '../../ports/read-store.port';
import type { BatchReads } from '../../ports/read-batch';
import { INVALID_CURSOR } from '../board-cursor';
import { PostReads, SEARCHED_AUTHORS } from '../post-reads';
import { communityServices } from '../testing/community-use-cases';
import { GetBoardHandler } from './get-board.handler';
import { GetBoardQuery } from './get-board.query';

describe('the general board', () => {
  const author = randomUUID();
  const [older, newer] = [randomUUID(), randomUUID()];

  const board = useCase((world) => new GetBoardHandler(communityServices(world).reads))
    .given(`post-${older}`, postPublished(older, author))
    .given(`post-${newer}`, postPublished(newer, author));
  const page = (limit: number, cursor?: string) =>
    new GetBoardQuery('top', undefined, limit, cursor);

  it('pages the posts in board order, each with its rank, the next page after the cursor', async () => {
    const first = (await board.when(page(1)).outcome()).answer!;
    expect(first.items).toHaveLength(1);
    expect(first.items[0]!.rank).toBe(1);
    const second = (await board.when(page(1, first.nextCursor!)).outcome()).answer!;
    expect(second.items.map((item) => item.rank)).toEqual([2]);
    expect([first.items[0]!.post._id, second.items[0]!.post._id].sort()).toEqual(
      [older, newer].sort(),
    );
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not make', () =>
    board.when(page(1, 'not-a-cursor')).thenThrows(ValidationError, INVALID_CURSOR));
});

describe('a searched board page', () => {
  const [searched, other] = [randomUUID(), randomUUID()];
  const registered = (userId: string, name: string): UserRegistered => ({
    type: 'UserRegistered',
    data: { userId, email: `${userId}@example.com`, passwordHash: 'h', anonymousUsername: name },
  });

  /**
   * Searched pages of 5 and of 50, with the read-store calls each made (every call to the port is
   * one query or write), then the whole board in pages of 100.
   */
  let spec = useCase((world) => {
    let calls: string[] | null = null;
    const counted = new Proxy(world.readStore, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls?.push(String(key));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as ReadStore;
    const handler = new GetBoardHandler(new PostReads(counted, world.clock));
    const searchPage = async (limit: number) => {
      calls = [];
      try {
        const answer = await handler.execute(
          new GetBoardQuery('top', 'searchedfeet', limit, undefined),
        );
        return { answer, calls };
      } finally {
        calls = null;
      }
    };
    return {
      execute: async () => {
        const [five, fifty] = [await searchPage(5), await searchPage(50)];
        const whole = await handler.execute(new GetBoardQuery('top', undefined, 100, undefined));
        const next = await handler.execute(
          new GetBoardQuery('top', undefined, 100, whole.nextCursor!),
        );
        return { five, fifty, board: [...whole.items, ...next.items] };
      },
    };
  })
    .given(`user-${searched}`, registered(searched, 'Searchedfeet'))
    .given(`user-${other}`, registered(other, 'Otherfeet'));
  // 60 posts each, tied on every sort key but `_id`: the two authors' posts interleave.
  for (let i = 0; i < 60; i += 1) {
    for (const author of [searched, other]) {
      const id = randomUUID();
      spec = spec.given(`post-${id}`, postPublished(id, author));
    }
  }

  it('costs the same number of read-store queries for 5 posts as for 50, each post ranked on the whole board', async () => {
    const { five, fifty, board } = (await spec.when(undefined).outcome()).answer!;
    expect(fifty.answer.items).toHaveLength(50);
    expect(fifty.calls).toHaveLength(five.calls.length);
    expect(fifty.calls.length).toBeLessThanOrEqual(4);

    const rankOnBoard = new Map(board.map((item) => [item.post._id, item.rank]));
    const ranks = fifty.answer.items.map((item) => item.rank);
    expect(ranks).toEqual(fifty.answer.items.map((item) => rankOnBoard.get(item.post._id)));
    expect(new Set(ranks).size).toBe(50);
    expect(ranks.at(-1)).toBeGreaterThan(50);
    expect(five.answer.items.map((item) => item.rank)).toEqual(ranks.slice(0, 5));
  });
});

describe('a search that matches nearly every account', () => {
  const registered = (userId: string, name: string): UserRegistered => ({
    type: 'UserRegistered',
    data: { userId, email: `${userId}@example.com`, passwordHash: 'h', anonymousUsername: name },
  });
  const authors = Array.from({ length: SEARCHED_AUTHORS + 50 }, () => randomUUID());

  /** The board searched for one letter, with the filters of the read store's queries. */
  let spec = useCase((world) => {
    const filters: { collection: string; filter: Record<string, unknown>; limit?: number }[] = [];
    // The finds asked alone and within batches of reads.
    const watched = new Proxy(world.readStore, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (key === 'readMany' && typeof value === 'function') {
          return (reads: BatchReads) => {
            for (const { spec } of Object.values(reads)) {
              if (spec.kind !== 'find') continue;
              filters.push({
                collection: spec.collection,
                filter: spec.filter,
                limit: spec.options?.limit,
              });
            }
            return (value as ReadStore['readMany']).call(target, reads);
          };
        }
        if (key !== 'find' || typeof value !== 'function') return value;
        return (collection: string, filter: Record<string, unknown>, options?: FindOptions) => {
          filters.push({ collection, filter, limit: options?.limit });
          return (value as ReadStore['find']).call(target, collection, filter, options);
        };
      },
    }) as ReadStore;
    const handler = new GetBoardHandler(new PostReads(watched, world.clock));
    return {
      execute: async () => ({
        page: await handler.execute(new GetBoardQuery('recent', 'e', 24, undefined)),
        filters,
      }),
    };
  });
  authors.forEach((author, index) => {
    const post = randomUUID();
    spec = spec
      .given(`user-${author}`, registered(author, `Eager${index}`))
      .given(`post-${post}`, postPublished(post, author));
  });

  it('still answers a page, from a bounded set of matched authors', async () => {
    const { page, filters } = (await spec.when(undefined).outcome()).answer!;
    expect(page.items).toHaveLength(24);
    const authorsAsked = filters.find((query) => query.collection === 'users');
    expect(authorsAsked?.limit).toBe(SEARCHED_AUTHORS);
    const postsAsked = filters.find(
      (query) => query.collection === 'posts' && query.filter.authorId !== undefined,
    );
    const asked = (postsAsked?.filter.authorId as { $in: string[] }).$in;
    expect(asked).toHaveLength(SEARCHED_AUTHORS);
  });
});
