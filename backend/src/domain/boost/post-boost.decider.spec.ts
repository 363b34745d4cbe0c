import { ConflictError, NotFoundError } from '../shared/errors';
import { deciderSpecification, metadataAt as at } from '../shared/testing/decider-specification';
import { POST_ALREADY_BOOSTED } from './boost.decider';
import { type PostBoostEvent, postBoostDecider as decider } from './post-boost.decider';

const claimed: PostBoostEvent = {
  type: 'PostBoostClaimed',
  data: { postId: 'p-1', boostId: 'b-1', expiresAt: '2026-11-21T10:00:00.000Z' },
};
const claim = (boostId: string, now: string) =>
  ({
    type: 'ClaimPostBoost',
    data: { postId: 'p-1', boostId, expiresAt: '2026-11-28T10:00:00.000Z' },
    metadata: at(now),
  }) as const;
const claimedBy = (boostId: string): PostBoostEvent => ({
  type: 'PostBoostClaimed',
  data: { postId: 'p-1', boostId, expiresAt: '2026-11-28T10:00:00.000Z' },
});
const spec = deciderSpecification(decider);

describe('post boost decider', () => {
  it('lets one boost run on a post at a time', () => {
    spec
      .given()
      .when(claim('b-1', '2026-11-20T10:00:00Z'))
      .then([claimedBy('b-1')]);
    spec
      .given(claimed)
      .when(claim('b-2', '2026-11-20T11:00:00Z'))
      .thenThrows(ConflictError, POST_ALREADY_BOOSTED);
  });

  it('takes the post again once the running boost has expired, or was given back', () => {
    spec
      .given(claimed)
      .when(claim('b-2', '2026-11-21T10:00:00Z'))
      .then([claimedBy('b-2')]);
    const released = spec
      .given(claimed)
      .when({ type: 'ReleasePostBoost', data: { postId: 'p-1', boostId: 'b-1' } })
      .events();
    expect(released).toEqual([
      { type: 'PostBoostReleased', data: { postId: 'p-1', boostId: 'b-1' } },
    ]);
    spec
      .given(claimed, released)
      .when(claim('b-2', '2026-11-20T11:00:00Z'))
      .then([claimedBy('b-2')]);
  });

  it('is a no-op for the boost that already holds the post', () => {
    spec.given(claimed).when(claim('b-1', '2026-11-20T11:00:00Z')).thenNothing();
    spec
      .given(claimed)
      .when({ type: 'ReleasePostBoost', data: { postId: 'p-1', boostId: 'b-9' } })
      .thenNothing();
  });

  it('closes for good when the post goes, naming the boost that held it', () => {
    const close = {
      type: 'ClosePostBoost',
      data: { postId: 'p-1', cause: 'post_removed' },
    } as const;
    const closed = spec.given(claimed).when(close).events();
    expect(closed).toEqual([
      {
        type: 'PostBoostClosed',
        data: {
          postId: 'p-1',
          cause: 'post_removed',
          boostId: 'b-1',
          expiresAt: '2026-11-21T10:00:00.000Z',
        },
      },
    ]);
    spec
      .given()
      .when(close)
      .then([
        {
          type: 'PostBoostClosed',
          data: { postId: 'p-1', cause: 'post_removed', boostId: null, expiresAt: null },
        },
      ]);
    spec.given(claimed, closed).when(close).thenNothing();
    // No boost takes a gone post, even once the last one has run out, nor gives it back.
    spec
      .given(claimed, closed)
      .when(claim('b-2', '2026-11-30T10:00:00Z'))
      .thenThrows(NotFoundError, 'Post not found');
    spec
      .given(claimed, closed)
      .when({ type: 'ReleasePostBoost', data: { postId: 'p-1', boostId: 'b-1' } })
      .thenNothing();
  });
});
