import type { DomainEvent } from '../shared/event';
import { STRIKE_EVENT_TYPES, type StrikeEvent } from './strikes.events';

/**
 * Everything that happens to an account, in its stream `user-<userId>`. Secrets never appear in
 * plain text: passwords only as argon2id hashes, tokens (sessions, links in mails) only as the
 * sha256 of the token. Times are ISO-8601 strings.
 */

export const SOCIAL_PLATFORMS = ['instagram', 'twitter', 'tiktok', 'youtube', 'snapchat'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
export type SocialLinks = Partial<Record<SocialPlatform, string>>;

export interface EmailPreferences {
  emailNotificationsRating: boolean;
  emailNotificationsComment: boolean;
  emailNotificationsAchievements: boolean;
}

export type SessionEndReason =
  | 'logout'
  | 'password-changed'
  | 'password-reset'
  | 'account-erased'
  /** Past its `expiresAt`: ended when the account next signs in, so state stays small. */
  | 'expired'
  /** Ended by the account from its list of signed-in browsers. */
  | 'ended-elsewhere'
  /**
   * The account signed out everywhere: every session ended, and every browser remembered for
   * its sign-in is forgotten with them.
   */
  | 'signed-out-everywhere'
  /** The email was verified: only the browser that verified it stays signed in. */
  | 'email-verified'
  /** An admin suspended or banned the account. */
  | 'account-suspended'
  | 'account-banned';

export type UserRegistered = DomainEvent<
  'UserRegistered',
  {
    userId: string;
    /** Trimmed and lower-cased. */
    email: string;
    passwordHash: string;
    anonymousUsername: string;
  }
>;

export type EmailVerificationIssued = DomainEvent<
  'EmailVerificationIssued',
  { userId: string; tokenHash: string; expiresAt: string }
>;

export type EmailVerified = DomainEvent<'EmailVerified', { userId: string; tokenHash: string }>;

export type PasswordResetIssued = DomainEvent<
  'PasswordResetIssued',
  { userId: string; tokenHash: string; expiresAt: string }
>;

export type PasswordReset = DomainEvent<
  'PasswordReset',
  { userId: string; tokenHash: string; passwordHash: string }
>;

/**
 * A new password: changed by the account (which gave its current one), or chosen by the person
 * who verified the email in a browser where the account was not signed in (then with the
 * `EmailVerified` of the same decision).
 */
export type PasswordChanged = DomainEvent<
  'PasswordChanged',
  { userId: string; passwordHash: string }
>;

export type EmailPreferencesChanged = DomainEvent<
  'EmailPreferencesChanged',
  { userId: string } & EmailPreferences
>;

export type ProfileUpdated = DomainEvent<
  'ProfileUpdated',
  {
    userId: string;
    displayUsername: string | null;
    bio: string | null;
    socialLinks: SocialLinks | null;
  }
>;

export type ProfilePictureChanged = DomainEvent<
  'ProfilePictureChanged',
  { userId: string; profilePictureUrl: string }
>;

export type SessionStarted = DomainEvent<
  'SessionStarted',
  {
    userId: string;
    sessionId: string;
    tokenHash: string;
    expiresAt: string;
    /** The browser and system as its User-Agent names them ("Firefox on Linux"), if known. */
    browser?: string;
    /** Keyed marks of the network and the browser cookie it started from (the vote rules). */
    networkMark?: string;
    browserMark?: string;
    /**
     * The sha256 of the random secret this sign-in left in the browser's remembered-browser
     * cookie (a browser the account's failed-sign-in limits let through), when it left a new one.
     * A new password, signing out everywhere and an erasure forget every one of them.
     */
    rememberedBrowserHash?: string;
  }
>;

export type SessionEnded = DomainEvent<
  'SessionEnded',
  { userId: string; sessionId: string; tokenHash: string; reason: SessionEndReason }
>;

/**
 * Sessions past their `expiresAt`, ended by the hourly sweep (accounts that do not come back
 * would otherwise keep them in their state and in the session read model for ever).
 */
export type SessionsExpired = DomainEvent<
  'SessionsExpired',
  { userId: string; tokenHashes: string[] }
>;

/**
 * Mailed links past their `expiresAt` (used, superseded or never opened) leave the account's
 * state and the read models: when a new link is issued, and in the hourly sweep.
 */
export type ExpiredLinksForgotten = DomainEvent<
  'ExpiredLinksForgotten',
  { userId: string; tokenHashes: string[] }
>;

/**
 * The account is gone (its owner erased it). Its key for personal data is destroyed right after,
 * so what earlier events hold of the person reads as null from then on. The read models drop
 * what they kept: the mailed links (`tokenHashes`), the names in the weekly archives
 * (`archivedWeeks`, the closed weeks that list the account among their winners) and the reasons
 * of the reports it filed (`reports`, absent when it filed none and on older erasures).
 */
export type AccountErased = DomainEvent<
  'AccountErased',
  { userId: string; tokenHashes: string[]; archivedWeeks: string[]; reports?: string[] }
>;

/** An admin gave or took the staff flag (the header's Admin link). */
export type UserAdminFlagChanged = DomainEvent<
  'UserAdminFlagChanged',
  { userId: string; isAdmin: boolean }
>;

/** An admin suspended the account: it cannot sign in; what it posted stays. */
export type UserSuspended = DomainEvent<'UserSuspended', { userId: string; reason: string }>;

/**
 * An admin banned the account: it cannot sign in and its posts and comments (listed by the
 * shell when the ban was decided) leave every public page.
 */
export type UserBanned = DomainEvent<
  'UserBanned',
  {
    userId: string;
    reason: string;
    postIds: string[];
    commentIds: string[];
    /**
     * How many of `commentIds` are on each post (any author's): what the ban takes off those
     * posts' comment counts, and the lift gives back. Absent on older events (no change).
     */
    commentsByPost?: Record<string, number>;
  }
>;

/**
 * Posts and comments of a banned account that its ban did not name (written as the ban was
 * decided) leave every public page with the others; the lift gives them back with the rest.
 */
export type UserBanExtended = DomainEvent<
  'UserBanExtended',
  {
    userId: string;
    postIds: string[];
    commentIds: string[];
    /** How many of `commentIds` are on each post, as for `UserBanned`. */
    commentsByPost?: Record<string, number>;
  }
>;

/**
 * Part of a ban's posts and comments came back ahead of its lift (a ban naming more than one
 * append holds); the account stays banned until `UserRestrictionLifted`.
 */
export type UserBanPartlyLifted = DomainEvent<
  'UserBanPartlyLifted',
  {
    userId: string;
    postIds: string[];
    commentIds: string[];
    commentsByPost?: Record<string, number>;
  }
>;

/** An admin lifted a suspension or a ban; a ban's posts and comments come back. */
export type UserRestrictionLifted = DomainEvent<
  'UserRestrictionLifted',
  {
    userId: string;
    reason: string | null;
    lifted: 'suspended' | 'banned';
    postIds: string[];
    commentIds: string[];
    commentsByPost?: Record<string, number>;
  }
>;

/** A field of the public profile an admin may clear: a name, the bio, one link, the picture. */
export const CLEARABLE_PROFILE_FIELDS = [
  'displayUsername',
  'bio',
  'profilePicture',
  ...SOCIAL_PLATFORMS.map((platform) => `socialLinks.${platform}` as const),
] as const;
export type ClearableProfileField = (typeof CLEARABLE_PROFILE_FIELDS)[number];

/**
 * An admin cleared fields of the account's public profile (those that were set), with a reason.
 * What they held is not repeated here: the earlier events have it, sealed with the account's key.
 */
export type UserProfileCleared = DomainEvent<
  'UserProfileCleared',
  { userId: string; fields: ClearableProfileField[]; reason: string }
>;

export type UserModerationEvent =
  | UserAdminFlagChanged
  | UserSuspended
  | UserBanned
  | UserBanExtended
  | UserBanPartlyLifted
  | UserRestrictionLifted
  | UserProfileCleared;

export type UserEvent =
  | UserModerationEvent
  | UserRegistered
  | EmailVerificationIssued
  | EmailVerified
  | PasswordResetIssued
  | PasswordReset
  | PasswordChanged
  | EmailPreferencesChanged
  | ProfileUpdated
  | ProfilePictureChanged
  | SessionStarted
  | SessionEnded
  | SessionsExpired
  | ExpiredLinksForgotten
  | AccountErased
  | StrikeEvent;

export const USER_EVENT_TYPES: readonly UserEvent['type'][] = [
  'UserRegistered',
  'EmailVerificationIssued',
  'EmailVerified',
  'PasswordResetIssued',
  'PasswordReset',
  'PasswordChanged',
  'EmailPreferencesChanged',
  'ProfileUpdated',
  'ProfilePictureChanged',
  'SessionStarted',
  'SessionEnded',
  'SessionsExpired',
  'ExpiredLinksForgotten',
  'AccountErased',
  'UserAdminFlagChanged',
  'UserSuspended',
  'UserBanned',
  'UserBanExtended',
  'UserRestrictionLifted',
  'UserProfileCleared',
  ...STRIKE_EVENT_TYPES,
];
