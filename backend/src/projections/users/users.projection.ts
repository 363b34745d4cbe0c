import type { RecordedEvent } from '../../domain/shared/event';
import type { EmailPreferences, SocialLinks, UserEvent } from '../../domain/user/user.events';
import { withoutProfileFields } from '../../domain/user/user.state';
import type { ReadDocument } from '../read-model';
import type { Projection } from '../projection';
import { NAME_GRAMS, nameGrams } from './name-grams';

export const USERS = 'users';

/**
 * The account as the screens show it (spec §3 "User"). No password hash, no tokens: those stay
 * in the user's stream, which is where sign-in reads them.
 */
export interface UserDocument extends ReadDocument, EmailPreferences {
  email: string;
  anonymousUsername: string;
  displayUsername: string | null;
  bio: string | null;
  profilePictureUrl: string | null;
  socialLinks: SocialLinks | null;
  /** Staff flag: shows the Admin link, nothing more (admin identities are separate). */
  isAdmin: boolean;
  emailVerified: boolean;
  createdAt: string;
  /** Set by admins: `active`, `suspended` or `banned`, with the reason of the last change. */
  status: 'active' | 'suspended' | 'banned';
  statusReason: string | null;
  /** The display and anonymous usernames cut into pieces for the name search (`name-grams.ts`). */
  nameGrams: string[];
}

const HANDLED = [
  'UserRegistered',
  'EmailVerified',
  'EmailPreferencesChanged',
  'ProfileUpdated',
  'ProfilePictureChanged',
  'AccountErased',
  'UserAdminFlagChanged',
  'UserSuspended',
  'UserBanned',
  'UserRestrictionLifted',
  'UserProfileCleared',
] as const;

type Handled = Extract<UserEvent, { type: (typeof HANDLED)[number] }>;

export const usersProjection: Projection<UserDocument> = {
  collection: USERS,
  handles: HANDLED,
  // The admins' list, newest first.
  indexes: [
    { keys: { createdAt: -1 } },
    { keys: { status: 1, createdAt: -1 } },
    { keys: { isAdmin: 1, createdAt: -1 } },
    // Whether a stored picture is still someone's (the image route, the files' clean-up).
    { keys: { profilePictureUrl: 1 } },
    // The name search: every piece of the names, each finding its accounts.
    { keys: { [NAME_GRAMS]: 1 }, terms: true },
    // The admins' search of accounts by address or name.
    { keys: { email: 1, anonymousUsername: 1, displayUsername: 1 }, text: true },
  ],

  documentId(event) {
    const userId = (event.data as { userId?: unknown } | null)?.userId;
    return typeof userId === 'string' ? userId : null;
  },

  apply(document, recorded) {
    const event = recorded as RecordedEvent<Handled['type']> & Handled;
    if (event.type === 'UserRegistered') {
      return {
        _id: event.data.userId,
        email: event.data.email,
        anonymousUsername: event.data.anonymousUsername,
        displayUsername: null,
        bio: null,
        profilePictureUrl: null,
        socialLinks: null,
        isAdmin: false,
        emailVerified: false,
        createdAt: recorded.metadata.at,
        status: 'active',
        statusReason: null,
        emailNotificationsRating: true,
        emailNotificationsComment: true,
        emailNotificationsAchievements: true,
        nameGrams: nameGrams([event.data.anonymousUsername]),
      };
    }
    // An event for an account this model has never seen is skipped, not invented.
    if (!document) return null;
    switch (event.type) {
      case 'AccountErased':
        return null;
      case 'EmailVerified':
        return { ...document, emailVerified: true };
      case 'EmailPreferencesChanged':
        return {
          ...document,
          emailNotificationsRating: event.data.emailNotificationsRating !== false,
          emailNotificationsComment: event.data.emailNotificationsComment !== false,
          emailNotificationsAchievements: event.data.emailNotificationsAchievements !== false,
        };
      case 'ProfileUpdated':
        return {
          ...document,
          displayUsername: event.data.displayUsername ?? null,
          nameGrams: nameGrams([document.anonymousUsername, event.data.displayUsername]),
          bio: event.data.bio ?? null,
          socialLinks: event.data.socialLinks ?? null,
        };
      case 'ProfilePictureChanged':
        return { ...document, profilePictureUrl: event.data.profilePictureUrl };
      case 'UserAdminFlagChanged':
        return { ...document, isAdmin: event.data.isAdmin === true };
      case 'UserSuspended':
        return { ...document, status: 'suspended', statusReason: event.data.reason ?? null };
      case 'UserBanned':
        return { ...document, status: 'banned', statusReason: event.data.reason ?? null };
      case 'UserRestrictionLifted':
        return { ...document, status: 'active', statusReason: event.data.reason ?? null };
      case 'UserProfileCleared': {
        const fields = Array.isArray(event.data.fields) ? event.data.fields : [];
        const { profile, profilePictureUrl } = withoutProfileFields(
          {
            profile: {
              displayUsername: document.displayUsername ?? null,
              bio: document.bio ?? null,
              socialLinks: document.socialLinks ?? null,
            },
            profilePictureUrl: document.profilePictureUrl ?? null,
          },
          fields,
        );
        return {
          ...document,
          ...profile,
          profilePictureUrl,
          nameGrams: nameGrams([document.anonymousUsername, profile.displayUsername]),
        };
      }
      default:
        return document;
    }
  },
};
