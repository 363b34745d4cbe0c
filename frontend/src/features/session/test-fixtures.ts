import type { User } from './types';

/** A signed-in user as `GET /api/auth/me` answers it, for the session's tests. */
export const signedInUser: User = {
  id: 'u1',
  email: 'ann@example.com',
  anonymousUsername: 'SunnySoles',
  displayUsername: null,
  bio: null,
  profilePictureUrl: null,
  socialLinks: null,
  isAdmin: false,
  emailVerified: false,
  createdAt: '2026-03-20T12:00:00Z',
  emailNotificationsRating: true,
  emailNotificationsComment: true,
  emailNotificationsAchievements: true,
};
