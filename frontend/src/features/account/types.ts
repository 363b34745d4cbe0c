import type { Schema } from '@/lib/api/schema';

type User = Schema<'UserResponse'>;

/** The three notification switches (spec §3 "User"). */
export type EmailPreferences = Required<Schema<'EmailPreferencesDto'>>;

/**
 * What the account screen needs of the signed-in user. The route passes the session's user in;
 * this feature does not import the session feature.
 */
export type AccountUser = Pick<
  User,
  'id' | 'email' | 'anonymousUsername' | 'emailVerified' | keyof EmailPreferences
>;

/** The switches as shown: one the answer lacks (an older client's cache) counts as on. */
export function preferencesOf(user: AccountUser): EmailPreferences {
  return {
    emailNotificationsRating: user.emailNotificationsRating !== false,
    emailNotificationsComment: user.emailNotificationsComment !== false,
    emailNotificationsAchievements: user.emailNotificationsAchievements !== false,
  };
}
