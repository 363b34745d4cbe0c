import { isoWeek } from '../domain/competition/iso-week';
import type { Liked } from '../domain/like/like.decider';
import type { Rated } from '../domain/post-rating/post-rating.decider';
import { FINGERPRINT_VERSION } from '../domain/post/photo-fingerprint';
import type { PostPublished } from '../domain/post/post.events';
import { type CommunitySeedOptions, planCommunity } from './community-seed';

describe('the seeded community log of the benchmarks', () => {
  const options: CommunitySeedOptions = {
    seed: 7,
    users: 50,
    posts: 200,
    likes: 1500,
    ratings: 1200,
    now: new Date('2026-01-08T12:00:00.000Z'),
    pastWeeks: 3,
    currentWeekShare: 0.3,
    displayNameShare: 0.2,
    passwordHash: '$argon2id$v=19$m=64,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
  };
  const streams = [...planCommunity(options).streams()];
  const events = streams.flatMap((stream) =>
    stream.events.map((event) => ({ ...event, streamId: stream.streamId })),
  );

  it('is the same log for the same seed and time', () => {
    expect([...planCommunity(options).streams()]).toEqual(streams);
    expect([...planCommunity({ ...options, seed: 8 }).streams()]).not.toEqual(streams);
  });

  it('holds what it plans: every stream once, the planned counts', () => {
    const plan = planCommunity(options);
    expect(new Set(streams.map((s) => s.streamId)).size).toBe(streams.length);
    expect(streams).toHaveLength(plan.streamCount);
    expect(events).toHaveLength(plan.eventCount);
    expect(events.filter((e) => e.type === 'UserRegistered')).toHaveLength(options.users);
    expect(events.filter((e) => e.type === 'EmailVerified')).toHaveLength(options.users);
    expect(events.filter((e) => e.type === 'PostPublished')).toHaveLength(options.posts);
    expect(events.filter((e) => e.type === 'Liked')).toHaveLength(options.likes);
    expect(events.filter((e) => e.type === 'Rated')).toHaveLength(options.ratings);
  });

  it('writes a post before its likes and ratings, by other users, in time order', () => {
    const authors = new Map<string, string>();
    let last = '';
    for (const event of events) {
      if (event.type === 'PostPublished') {
        const { postId, authorId } = event.data as PostPublished['data'];
        authors.set(postId, authorId);
      }
      if (event.type === 'Liked' || event.type === 'Rated') {
        const data = event.data as Liked['data'] | Rated['data'];
        expect(authors.has(data.postId)).toBe(true);
        if (event.type === 'Rated') {
          expect((data as Rated['data']).authorId).toBe(authors.get(data.postId));
          expect(data.userId).not.toBe(authors.get(data.postId));
        }
      }
      if (['PostPublished', 'Liked', 'Rated'].includes(event.type)) {
        expect(event.metadata.at >= last).toBe(true);
        expect(event.metadata.at <= options.now.toISOString()).toBe(true);
        expect(event.metadata.actor.type).toBe('user');
        last = event.metadata.at;
      }
    }
  });

  it('files every post at the current fingerprint, so the back-fill has nothing to do at start', () => {
    const published = events.filter((e) => e.type === 'PostPublished');
    const versions = new Set(
      published.map((e) => (e.data as PostPublished['data']).image.fingerprintVersion),
    );
    expect([...versions]).toEqual([FINGERPRINT_VERSION]);
  });

  it('names posts as the app does: version 7 ids made when the post was', () => {
    const published = events.filter((e) => e.type === 'PostPublished');
    for (const event of published) {
      const { postId } = event.data as PostPublished['data'];
      expect(postId).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      const madeAt = parseInt(postId.replace(/-/g, '').slice(0, 12), 16);
      expect(madeAt).toBe(Math.floor(Date.parse(event.metadata.at)));
    }
    const ids = published.map((e) => (e.data as PostPublished['data']).postId);
    expect([...ids].sort()).toEqual(ids);
  });

  it('puts a share of the posts in the current ISO week, the rest in the weeks before', () => {
    const weeks = events
      .filter((e) => e.type === 'PostPublished')
      .map((e) => isoWeek(new Date(e.metadata.at)));
    const current = weeks.filter((week) => week === isoWeek(options.now)).length;
    expect(current / weeks.length).toBeGreaterThan(0.2);
    expect(current / weeks.length).toBeLessThan(0.4);
    expect(new Set(weeks).size).toBe(options.pastWeeks + 1);
  });
});
