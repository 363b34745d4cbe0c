import type { PostPage } from '@/features/post/types';

/**
 * A published post as `GET /api/posts/:id` answers it: a rated photo with twelve member votes, no
 * likes and no comments yet. Tests name what they depend on in `overrides`.
 */
export function postPage(overrides: Partial<PostPage> = {}): PostPage {
  return {
    id: '3f0c8a52-6d1e-4b8f-9a51-2c7f0e1d9b11',
    userId: '9b0c8a52-6d1e-4b8f-9a51-2c7f0e1d9b22',
    imageUrl: '/uploads/ab/a.webp',
    thumbnailUrl: '/uploads/ab/a-480.webp',
    imageHash: '0123456789abcdef',
    imageWidth: null,
    imageHeight: null,
    averageRating: '7.1',
    voteCount: 12,
    communityAverage: '6.8',
    aiRating: {
      overall: '7.4',
      toeAlignment: 7,
      toeNails: 7,
      footShape: 8,
      aesthetic: 7,
      aiComment: 'Even toes.',
      rater: 'openai',
    },
    likesCount: 0,
    commentsCount: 0,
    username: 'SoleFan123',
    displayUsername: null,
    bio: null,
    socialLinks: null,
    profilePictureUrl: null,
    isBoosted: false,
    boostType: null,
    isPublic: true,
    isModerated: true,
    heldForReview: false,
    moderationFlags: [],
    createdAt: '2026-11-27T10:00:00.000Z',
    weeklyRank: null,
    reportedByViewer: false,
    ...overrides,
  } as unknown as PostPage;
}
