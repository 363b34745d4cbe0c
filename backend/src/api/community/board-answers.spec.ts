import type { CommandBus } from '@nestjs/cqrs';
import type { BoardPage } from '../../application/community/post-views';
import type { PostDocument } from '../../projections/posts/posts.projection';
import { BoardAnswers } from './board-answers';

/** A board page of one post with `likesCount` likes. */
function pageWith(likesCount: number): BoardPage {
  const post = {
    _id: '00000000-0000-4000-8000-000000000001',
    authorId: '00000000-0000-4000-8000-000000000002',
    imageUrl: '/uploads/a.webp',
    thumbnailUrl: '/uploads/a-thumb.webp',
    imageHash: 'hash',
    averageRating: 7,
    voteCount: 3,
    ai: null,
    likesCount,
    commentsCount: 0,
    boostRank: 0,
    boostType: null,
    isPublic: true,
    isModerated: false,
    moderationFlags: [],
    createdAt: '2026-11-23T10:00:00.000Z',
  } as unknown as PostDocument;
  return { items: [{ post, author: null }], nextCursor: null };
}

describe('BoardAnswers', () => {
  let position: bigint | null;
  let boards: BoardAnswers;
  let now: Date;
  const clock = { now: () => now };

  beforeEach(() => {
    position = 1n;
    now = new Date('2026-11-23T12:00:00Z');
    const commandBus = { execute: () => Promise.resolve(position) } as unknown as CommandBus;
    boards = new BoardAnswers(commandBus, clock);
  });

  const ask = (read: () => Promise<BoardPage>, cursor?: string) =>
    boards.answer('/api/posts', { sort: 'top', cursor }, read);

  it('reads a page once while the read models stay where they were', async () => {
    const read = jest.fn(() => Promise.resolve(pageWith(1)));
    const [first, second] = await Promise.all([ask(read), ask(read)]);
    const third = await ask(read);
    expect(read).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    expect(third).toBe(first);
  });

  it('reads the page again once they move, and keeps the answer (ETag, compressed copies) when it reads the same', async () => {
    const read = jest.fn(() => Promise.resolve(pageWith(1)));
    const first = await ask(read);
    first.compressed.gzip = Buffer.from('kept');
    position = 2n;
    const again = await ask(read);
    expect(read).toHaveBeenCalledTimes(2);
    expect(again).toBe(first);
    expect(again.compressed.gzip?.toString()).toBe('kept');
  });

  it('answers the new page, with a new ETag, when an event changed it', async () => {
    let likes = 1;
    const read = jest.fn(() => Promise.resolve(pageWith(likes)));
    const first = await ask(read);
    likes = 2;
    position = 2n;
    const after = await ask(read);
    expect(JSON.parse(after.body.toString())[0].likesCount).toBe(2);
    expect(after.etag).not.toBe(first.etag);
    expect(after.compressed).toEqual({});
    // And that version is the one kept from then on.
    expect(await ask(read)).toBe(after);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('keeps no refused page: the next request reads again', async () => {
    const refused = jest.fn(() => Promise.reject(new Error('This page link is not valid')));
    await expect(ask(refused, 'bad')).rejects.toThrow('not valid');
    await expect(ask(refused, 'bad')).rejects.toThrow('not valid');
    expect(refused).toHaveBeenCalledTimes(2);
    // A good page read after a refused one at the same key is answered fresh.
    position = 2n;
    const read = jest.fn(() => Promise.resolve(pageWith(1)));
    expect(JSON.parse((await ask(read, 'bad')).body.toString())).toHaveLength(1);
  });

  it('reads the page again when a new week starts, though the read models stay put', async () => {
    const read = jest.fn(() => Promise.resolve(pageWith(1)));
    now = new Date('2026-11-29T23:59:59.999Z'); // Sunday, the last instant of 2026-W48
    const sunday = await ask(read);
    expect(await ask(read)).toBe(sunday);
    now = new Date('2026-11-30T00:00:00.000Z'); // Monday: 2026-W49
    const monday = await ask(read);
    expect(monday).not.toBe(sunday);
    expect(read).toHaveBeenCalledTimes(2);
    expect(await ask(read)).toBe(monday);
    // A clock set back into the week before answers that week's page (still kept).
    now = new Date('2026-11-23T00:00:00.000Z');
    expect(await ask(read)).toBe(sunday);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
