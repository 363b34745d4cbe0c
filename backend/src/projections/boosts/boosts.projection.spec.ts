import type { RecordedEvent } from '../../domain/shared/event';
import { postsProjection } from '../posts/posts.projection';
import {
  projectionSpecification,
  recorded as recordedEvent,
} from '../testing/projection-specification';
import { boostsProjection as projection } from './boosts.projection';

const AT = '2026-11-20T09:00:00.000Z';

const recorded = (type: string, data: unknown, at = AT): RecordedEvent =>
  recordedEvent(type, data, {
    at,
    streamId: 'boost-b-1',
    metadata: { actor: { type: 'stripe', id: 'evt_1' } },
  });

const payment = {
  amount: 999,
  currency: 'usd',
  stripeSessionId: 'cs_1',
  stripePaymentId: 'pi_1',
  receiptUrl: null,
};
const purchased = recorded('BoostPurchased', {
  ...payment,
  boostId: 'b-1',
  boostType: 'mega',
  userId: 'u-1',
  postId: null,
  receiptEmail: null,
});
const applied = recorded('BoostApplied', {
  boostId: 'b-1',
  boostType: 'mega',
  userId: 'u-1',
  postId: 'p-1',
  appliedAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
});
const expired = recorded('BoostExpired', {
  boostId: 'b-1',
  userId: 'u-1',
  postId: 'p-1',
  expiresAt: '2026-11-27T10:00:00.000Z',
});
const refunded = (withdrawn: boolean) =>
  recorded('BoostRefunded', {
    ...payment,
    boostId: 'b-1',
    userId: 'u-1',
    postId: withdrawn ? null : 'p-1',
    withdrawn,
  });

const spec = projectionSpecification(projection);

describe('boosts projection', () => {
  it('keeps a bought boost unclaimed on the account', () => {
    expect(projection.documentId(purchased)).toBe('b-1');
    spec.given(purchased).then({
      _id: 'b-1',
      boostType: 'mega',
      userId: 'u-1',
      postId: null,
      status: 'unclaimed',
      amount: 999,
      currency: 'usd',
      createdAt: AT,
      appliedAt: null,
      expiresAt: null,
      stripeSessionId: 'cs_1',
      stripePaymentId: 'pi_1',
      receiptUrl: null,
      refunded: false,
    });
  });

  it('runs an applied boost on its post until it expires', () => {
    spec.given(purchased, applied).thenMatches({
      status: 'active',
      postId: 'p-1',
      appliedAt: '2026-11-20T10:00:00.000Z',
      expiresAt: '2026-11-27T10:00:00.000Z',
    });
    spec.given(purchased, applied, expired).thenMatches({ status: 'expired', postId: 'p-1' });
  });

  it('ends a boost when its post is removed, at the time it ended', () => {
    const ended = recorded('BoostExpired', {
      ...(expired.data as object),
      expiresAt: '2026-11-22T08:30:00.000Z',
      cause: 'post_removed',
    });
    spec.given(purchased, applied, ended).thenMatches({
      status: 'expired',
      postId: 'p-1',
      expiresAt: '2026-11-22T08:30:00.000Z',
    });
  });

  it('withdraws a refunded unclaimed boost; a refunded active one runs out', () => {
    spec.given(purchased, refunded(true)).thenMatches({
      status: 'withdrawn',
      refunded: true,
    });
    spec.given(purchased, applied, refunded(false)).thenMatches({
      status: 'active',
      refunded: true,
    });
  });

  it('ignores events of a boost it never saw bought', () => {
    spec.given(applied, expired).thenGone();
  });
});

describe('posts projection and boosts', () => {
  const posts = projectionSpecification(postsProjection);
  const published = recorded('PostPublished', {
    postId: 'p-1',
    authorId: 'u-1',
    image: { imageUrl: '/i', thumbnailUrl: '/t', imageHash: 'h', contentHash: 'c' },
    ai: null,
  });

  it('puts a mega boost in the first board group until its own expiry is projected', () => {
    posts.given(published, applied).thenMatches({
      boostRank: 2,
      boostType: 'mega',
      boostId: 'b-1',
      boostExpiresAt: '2026-11-27T10:00:00.000Z',
    });
    const other = recorded('BoostExpired', { ...(expired.data as object), boostId: 'b-0' });
    posts.given(published, applied, other).thenUnchanged();
    posts.given(published, applied, expired).thenMatches({
      boostRank: 0,
      boostType: null,
      boostId: null,
      boostExpiresAt: null,
    });
  });
});
