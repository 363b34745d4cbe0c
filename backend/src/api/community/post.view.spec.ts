import type { Actor, RecordedEvent } from '../../domain/shared/event';
import { type PostDocument, postsProjection } from '../../projections/posts/posts.projection';
import {
  projectionSpecification,
  recordedBy,
} from '../../projections/testing/projection-specification';
import { ratingText, toOwnPostResponse } from './post.view';

describe('ratingText', () => {
  it('shows one decimal, rounding halves up whatever binary floating point stored', () => {
    expect(ratingText((9.1 + 5) / 2)).toBe('7.1');
    expect(ratingText((9.1 + 7) / 2)).toBe('8.1');
    expect(ratingText((9.1 + 6) / 2)).toBe('7.6');
    expect(ratingText(7)).toBe('7.0');
    expect(ratingText(10)).toBe('10.0');
    expect(ratingText(0)).toBe('0.0');
    expect(ratingText(null)).toBeNull();
  });
});

describe('a post on its owner’s own list', () => {
  const spec = projectionSpecification(postsProjection);
  const owner: Actor = { type: 'user', id: 'u-1' };
  const admin: Actor = { type: 'admin', id: 'a-1' };
  const published = recordedBy(
    'PostPublished',
    {
      postId: 'p-1',
      authorId: 'u-1',
      image: { imageUrl: '/i', thumbnailUrl: '/t', imageHash: 'h', contentHash: 'c' },
      ai: null,
    },
    owner,
  );
  const boosted = recordedBy(
    'BoostApplied',
    {
      postId: 'p-1',
      boostId: 'b-1',
      boostType: 'mega',
      expiresAt: '2099-01-01T00:00:00.000Z',
    },
    owner,
  );
  const own = (...events: RecordedEvent[]) =>
    toOwnPostResponse(spec.given(published, ...events).document() as PostDocument);

  it('shows a running boost, but none on a post a moderator removed', () => {
    expect(own(boosted)).toMatchObject({ isBoosted: true, boostType: 'mega' });
    const removed = recordedBy(
      'PostRemoved',
      { postId: 'p-1', authorId: 'u-1', reason: 'No' },
      admin,
    );
    expect(own(boosted, removed)).toMatchObject({
      removed: true,
      isBoosted: false,
      boostType: null,
    });
  });

  it('shows a post hidden by reports as hidden, as everyone else sees it', () => {
    const autoHidden = recordedBy(
      'PostAutoHidden',
      { postId: 'p-1', reporterCount: 3, reporterIds: ['u-2', 'u-3', 'u-4'] },
      { type: 'system', id: 'auto-hide' },
    );
    expect(own()).toMatchObject({ isPublic: true });
    expect(own(autoHidden)).toMatchObject({ isPublic: false });
  });
});
