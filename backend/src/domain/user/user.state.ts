import { type OpenSession, withSession } from '../shared/sessions';
import { assertNever } from '../shared/decider';
import type { ClearableProfileField, EmailPreferences, UserEvent } from './user.events';
import type { Profile } from './user-profile';
import { isStrikeEvent } from './strikes.events';

/** The account as its stream has it: what the user decider decides on. */

export type TokenStatus = 'open' | 'used' | 'superseded';

export interface IssuedToken {
  tokenHash: string;
  expiresAt: string;
  status: TokenStatus;
}

export type { OpenSession } from '../shared/sessions';

export interface RegisteredUser {
  status: 'registered';
  userId: string;
  email: string;
  passwordHash: string;
  anonymousUsername: string;
  emailVerified: boolean;
  verificationTokens: IssuedToken[];
  resetTokens: IssuedToken[];
  sessions: OpenSession[];
  profile: Profile;
  profilePictureUrl: string | null;
  preferences: EmailPreferences;
  isAdmin: boolean;
  restriction: Restriction;
}

export type Restriction =
  | { status: 'active' }
  | { status: 'suspended' }
  | {
      status: 'banned';
      postIds: string[];
      commentIds: string[];
      commentsByPost?: Record<string, number>;
    };

/** What is left of an erased account: its id, so that nothing can be recorded on it again. */
export interface ErasedUser {
  status: 'erased';
  userId: string;
}

export type UserState = { status: 'unregistered' } | RegisteredUser | ErasedUser;

export const DEFAULT_PREFERENCES: EmailPreferences = {
  emailNotificationsRating: true,
  emailNotificationsComment: true,
  emailNotificationsAchievements: true,
};

/** The profile and picture without the fields an admin cleared. */
export function withoutProfileFields(
  account: Pick<RegisteredUser, 'profile' | 'profilePictureUrl'>,
  fields: readonly ClearableProfileField[],
): Pick<RegisteredUser, 'profile' | 'profilePictureUrl'> {
  const cleared = new Set<string>(fields);
  const links = Object.fromEntries(
    Object.entries(account.profile.socialLinks ?? {}).filter(
      ([platform]) => !cleared.has(`socialLinks.${platform}`),
    ),
  );
  return {
    profile: {
      displayUsername: cleared.has('displayUsername') ? null : account.profile.displayUsername,
      bio: cleared.has('bio') ? null : account.profile.bio,
      socialLinks: Object.keys(links).length > 0 ? links : null,
    },
    profilePictureUrl: cleared.has('profilePicture') ? null : account.profilePictureUrl,
  };
}

/** What each event does to the account: the state the next decision sees. */
export function evolveUser(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') {
    return {
      status: 'registered',
      userId: event.data.userId,
      email: event.data.email,
      passwordHash: event.data.passwordHash,
      anonymousUsername: event.data.anonymousUsername,
      emailVerified: false,
      verificationTokens: [],
      resetTokens: [],
      sessions: [],
      profile: { displayUsername: null, bio: null, socialLinks: null },
      profilePictureUrl: null,
      preferences: { ...DEFAULT_PREFERENCES },
      isAdmin: false,
      restriction: { status: 'active' },
    };
  }
  // Strikes are decided by their own decider (`strikes.decider.ts`) on this stream.
  if (state.status !== 'registered' || isStrikeEvent(event)) return state;
  switch (event.type) {
    case 'EmailVerificationIssued':
      return {
        ...state,
        verificationTokens: [
          ...state.verificationTokens,
          { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt, status: 'open' },
        ],
      };
    case 'EmailVerified':
      return {
        ...state,
        emailVerified: true,
        verificationTokens: settle(state.verificationTokens, event.data.tokenHash),
      };
    case 'PasswordResetIssued':
      return {
        ...state,
        resetTokens: [
          ...state.resetTokens,
          { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt, status: 'open' },
        ],
      };
    case 'PasswordReset':
      return {
        ...state,
        passwordHash: event.data.passwordHash,
        resetTokens: settle(state.resetTokens, event.data.tokenHash),
      };
    case 'PasswordChanged':
      // A link asked for before the change must not undo it.
      return {
        ...state,
        passwordHash: event.data.passwordHash,
        resetTokens: settle(state.resetTokens, null),
      };
    case 'EmailPreferencesChanged': {
      const { userId: _userId, ...preferences } = event.data;
      return { ...state, preferences };
    }
    case 'ProfileUpdated':
      return {
        ...state,
        profile: {
          displayUsername: event.data.displayUsername,
          bio: event.data.bio,
          socialLinks: event.data.socialLinks,
        },
      };
    case 'ProfilePictureChanged':
      return { ...state, profilePictureUrl: event.data.profilePictureUrl };
    case 'SessionStarted':
      return {
        ...state,
        sessions: withSession(state.sessions, event.data),
      };
    case 'SessionEnded':
      return {
        ...state,
        sessions: state.sessions.filter((s) => s.sessionId !== event.data.sessionId),
      };
    case 'SessionsExpired': {
      const expired = new Set(event.data.tokenHashes);
      return { ...state, sessions: state.sessions.filter((s) => !expired.has(s.tokenHash)) };
    }
    case 'ExpiredLinksForgotten': {
      const forgotten = new Set(event.data.tokenHashes);
      return {
        ...state,
        verificationTokens: state.verificationTokens.filter((t) => !forgotten.has(t.tokenHash)),
        resetTokens: state.resetTokens.filter((t) => !forgotten.has(t.tokenHash)),
      };
    }
    case 'AccountErased':
      return { status: 'erased', userId: state.userId };
    case 'UserAdminFlagChanged':
      return { ...state, isAdmin: event.data.isAdmin };
    case 'UserSuspended':
      return { ...state, restriction: { status: 'suspended' } };
    case 'UserBanned':
      return {
        ...state,
        restriction: {
          status: 'banned',
          postIds: event.data.postIds,
          commentIds: event.data.commentIds,
          ...(event.data.commentsByPost ? { commentsByPost: event.data.commentsByPost } : {}),
        },
      };
    case 'UserBanExtended': {
      const { restriction } = state;
      if (restriction.status !== 'banned') return state;
      return {
        ...state,
        restriction: {
          ...restriction,
          postIds: [...restriction.postIds, ...event.data.postIds],
          commentIds: [...restriction.commentIds, ...event.data.commentIds],
          ...(restriction.commentsByPost || event.data.commentsByPost
            ? { commentsByPost: sumByPost(restriction.commentsByPost, event.data.commentsByPost) }
            : {}),
        },
      };
    }
    case 'UserBanPartlyLifted': {
      const { restriction } = state;
      if (restriction.status !== 'banned') return state;
      const posts = new Set(event.data.postIds);
      const comments = new Set(event.data.commentIds);
      return {
        ...state,
        restriction: {
          ...restriction,
          postIds: restriction.postIds.filter((id) => !posts.has(id)),
          commentIds: restriction.commentIds.filter((id) => !comments.has(id)),
          ...(restriction.commentsByPost
            ? { commentsByPost: lessByPost(restriction.commentsByPost, event.data.commentsByPost) }
            : {}),
        },
      };
    }
    case 'UserRestrictionLifted':
      return { ...state, restriction: { status: 'active' } };
    case 'UserProfileCleared':
      return { ...state, ...withoutProfileFields(state, event.data.fields) };
    default:
      return assertNever(event);
  }
}

/** Marks `usedHash` used and every other open token superseded: one link wins, once. */
function settle(tokens: IssuedToken[], usedHash: string | null): IssuedToken[] {
  return tokens.map((t) =>
    t.tokenHash === usedHash
      ? { ...t, status: 'used' }
      : t.status === 'open'
        ? { ...t, status: 'superseded' }
        : t,
  );
}

/** Two counts of comments by post, added up. */
function sumByPost(
  a: Record<string, number> = {},
  b: Record<string, number> = {},
): Record<string, number> {
  const sum = { ...a };
  for (const [postId, count] of Object.entries(b)) sum[postId] = (sum[postId] ?? 0) + count;
  return sum;
}

/** The counts by post less those given (a count that reaches nothing is left out). */
function lessByPost(
  counts: Record<string, number>,
  less: Record<string, number> | undefined,
): Record<string, number> {
  const left: Record<string, number> = {};
  for (const [postId, count] of Object.entries(counts)) {
    const rest = count - (less?.[postId] ?? 0);
    if (rest > 0) left[postId] = rest;
  }
  return left;
}
