import type { OwnPost } from '@/features/my-posts/types';

/**
 * One of the member's own posts as `GET /api/user/posts` answers it: live on the leaderboard,
 * rated, with a few votes, likes and a comment. Tests name what they depend on in `overrides`.
 */
export function ownPost(overrides: Partial<OwnPost> = {}): OwnPost {
  return {
    id: '3f0c8a52-6d1e-4b8f-9a51-2c7f0e1d9b11',
    imageUrl: '/uploads/ab/a.webp',
    thumbnailUrl: '/uploads/ab/a.thumb.webp',
    averageRating: '7.5',
    voteCount: 2,
    communityAverage: null,
    likesCount: 3,
    commentsCount: 1,
    isBoosted: false,
    boostType: null,
    isPublic: true,
    isModerated: true,
    heldForReview: false,
    removed: false,
    removalReason: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}
