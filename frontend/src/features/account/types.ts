/** The three notification switches (spec §3 "User"; treated as on when missing). */
export interface EmailPreferences {
  emailNotificationsRating: boolean;
  emailNotificationsComment: boolean;
  emailNotificationsAchievements: boolean;
}

/**
 * What the account screen needs of the signed-in user. The route passes the session's user in;
 * this feature does not import the session feature.
 */
export interface AccountUser {
  id: string;
  email: string;
  anonymousUsername: string;
  emailVerified: boolean;
  emailNotificationsRating?: boolean;
  emailNotificationsComment?: boolean;
  emailNotificationsAchievements?: boolean;
}

export function preferencesOf(user: AccountUser): EmailPreferences {
  return {
    emailNotificationsRating: user.emailNotificationsRating !== false,
    emailNotificationsComment: user.emailNotificationsComment !== false,
    emailNotificationsAchievements: user.emailNotificationsAchievements !== false,
  };
}
