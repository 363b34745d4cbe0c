import { assertNever, type Decider } from '../shared/decider';
import type { CommandMetadata } from '../shared/event';
import { moderationReason } from '../shared/moderation';
import {
  ConflictError,
  CredentialChangedError,
  ForbiddenError,
  IllegalStateError,
  NotFoundError,
  UnauthenticatedError,
  ValidationError,
} from '../shared/errors';
import {
  addMs,
  EMAIL_VERIFICATION_TTL_MS,
  isPlausibleEmail,
  MESSAGES,
  PASSWORD_RESET_TTL_MS,
  SESSION_TTL_MS,
} from './account-rules';
import { ANONYMOUS_USERNAME_PATTERN } from './anonymous-username';
import {
  applyProfileChanges,
  type Profile,
  type ProfileChanges,
  sameProfile,
} from './user-profile';
import type {
  EmailPreferences,
  ExpiredLinksForgotten,
  SessionEnded,
  UserEvent,
} from './user.events';

/**
 * One stream per account (`user-<userId>`). The decider sees secrets only as hashes: the shell
 * hashes passwords (argon2id) and tokens (sha256) and passes the hash; a command that needs the
 * time reads it from its metadata (`command.metadata.now`, the time its events are stamped
 * with), so every check of a presented token (known, unused, unexpired) is decided here.
 *
 * A session belongs to the password it was started with: every decision that replaces the
 * password (a change, a reset, a password chosen while verifying) ends every session but the one
 * it was made from, and a session is started only for the password current at that moment: in
 * the same decision that sets it (registration, verifying with a chosen password) or by a
 * sign-in whose checked hash (`verifiedPasswordHash`) is still the account's. A sign-in that
 * checked a password replaced meanwhile starts nothing, whichever of the two reaches the stream
 * first.
 */

type TokenStatus = 'open' | 'used' | 'superseded';

interface IssuedToken {
  tokenHash: string;
  expiresAt: string;
  status: TokenStatus;
}

interface OpenSession {
  sessionId: string;
  tokenHash: string;
  expiresAt: string;
}

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

export interface Register {
  type: 'Register';
  data: {
    userId: string;
    email: string;
    passwordHash: string;
    anonymousUsername: string;
    verificationTokenHash: string;
    sessionId: string;
    sessionTokenHash: string;
    browser?: string | null;
  };
  metadata: CommandMetadata;
}

/** A session to start: its id, the sha256 of its cookie token, the browser it names. */
export interface NewSession {
  sessionId: string;
  tokenHash: string;
  browser?: string | null;
}

/**
 * A sign-in: the shell has checked the password against `verifiedPasswordHash`, the hash it read
 * from this stream.
 */
export interface StartSession {
  type: 'StartSession';
  data: NewSession & { verifiedPasswordHash: string };
  metadata: CommandMetadata;
}

export interface EndSession {
  type: 'EndSession';
  /** `ended-elsewhere` when the account ends it from its list of signed-in browsers. */
  data: { sessionId: string; reason?: 'logout' | 'ended-elsewhere' };
}

export interface IssueEmailVerification {
  type: 'IssueEmailVerification';
  data: { tokenHash: string };
  metadata: CommandMetadata;
}

/**
 * Opening the mailed verification link. Whoever registered the address may not be the person it
 * belongs to, so the link alone hands nobody the account: it is opened either in a browser
 * signed in to the account (`keepSessionId`: that session stays, every other one ends) or with
 * a password chosen by the person opening it (`chosenPassword`: it replaces the one given at
 * registration, every session ends and a new one signs this browser in).
 */
export interface VerifyEmail {
  type: 'VerifyEmail';
  data: {
    tokenHash: string;
    keepSessionId: string | null;
    chosenPassword: { passwordHash: string; session: NewSession } | null;
  };
  metadata: CommandMetadata;
}

export interface IssuePasswordReset {
  type: 'IssuePasswordReset';
  data: { tokenHash: string };
  metadata: CommandMetadata;
}

export interface ResetPassword {
  type: 'ResetPassword';
  data: { tokenHash: string; passwordHash: string };
  metadata: CommandMetadata;
}

/** The shell has checked the current password against `verifiedPasswordHash` before this. */
export interface ChangePassword {
  type: 'ChangePassword';
  data: { passwordHash: string; keepSessionId: string | null; verifiedPasswordHash: string };
}

export interface ChangeEmailPreferences {
  type: 'ChangeEmailPreferences';
  data: Partial<EmailPreferences>;
}

export interface UpdateProfile {
  type: 'UpdateProfile';
  data: ProfileChanges;
}

export interface ChangeProfilePicture {
  type: 'ChangeProfilePicture';
  data: { profilePictureUrl: string };
}

/**
 * The hourly sweep: sessions and mailed links past their time leave the state (and the read
 * models). Nothing past its time: nothing recorded, so sweeping twice is harmless.
 */
export interface ForgetExpired {
  type: 'ForgetExpired';
  data: Record<string, never>;
  metadata: CommandMetadata;
}

/**
 * The shell has checked the password, removed the account's posts and comments and released its
 * names before this; `archivedWeeks` are the closed weeks whose winners list the account,
 * `reports` the ids of the reports it filed (their reasons are its words).
 */
export interface EraseAccount {
  type: 'EraseAccount';
  data: { archivedWeeks: string[]; reports?: string[] };
}

export interface SetAdminFlag {
  type: 'SetAdminFlag';
  data: { isAdmin: boolean };
}

export interface SuspendUser {
  type: 'SuspendUser';
  data: { reason: string };
}

/** The shell lists the account's live posts and comments before this. */
export interface BanUser {
  type: 'BanUser';
  data: {
    reason: string;
    postIds: string[];
    commentIds: string[];
    commentsByPost?: Record<string, number>;
  };
}

export interface LiftRestriction {
  type: 'LiftRestriction';
  data: { reason?: string | null };
}

export type UserCommand =
  | SetAdminFlag
  | SuspendUser
  | BanUser
  | LiftRestriction
  | Register
  | StartSession
  | EndSession
  | IssueEmailVerification
  | VerifyEmail
  | IssuePasswordReset
  | ResetPassword
  | ChangePassword
  | ChangeEmailPreferences
  | UpdateProfile
  | ChangeProfilePicture
  | ForgetExpired
  | EraseAccount;

export const TOKEN_MESSAGES = {
  verificationInvalid: 'This verification link is invalid. Please request a new one.',
  verificationUsed: 'This verification link has already been used.',
  verificationExpired: 'This verification link has expired. Please request a new one.',
  alreadyVerified: 'Your email address is already verified.',
  resetInvalid: 'This password reset link is invalid. Please request a new one.',
  resetUsed: 'This password reset link has already been used.',
  resetExpired: 'This password reset link has expired. Please request a new one.',
} as const;

export const CHOOSE_PASSWORD_TO_VERIFY = 'Choose a password to finish verifying your email';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

export const USER_NOT_FOUND = 'User not found';
export const ACCOUNT_SUSPENDED =
  'Your account has been suspended. Please contact support if you think this is a mistake.';
export const ACCOUNT_BANNED = 'Your account has been banned for breaking the community rules.';
export const ALREADY_BANNED = 'This account is already banned';
export const ALREADY_SUSPENDED = 'This account is already suspended';
export const NOT_RESTRICTED = 'This account is neither suspended nor banned';

const TOKEN_HASH = /^[0-9a-f]{64}$/;
const PASSWORD_HASH = /^\$argon2id\$/;
const PICTURE_URL = /^\/uploads\/[0-9a-z./_-]{1,200}$/;

const DEFAULT_PREFERENCES: EmailPreferences = {
  emailNotificationsRating: true,
  emailNotificationsComment: true,
  emailNotificationsAchievements: true,
};

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: { status: 'unregistered' },

  decide(command, state) {
    if (command.type === 'Register') return register(command, state);
    // Erasing twice (a retried request) finds nothing left to erase.
    if (command.type === 'EraseAccount' && state.status === 'erased') return [];
    // An erased account has nothing left to expire.
    if (command.type === 'ForgetExpired' && state.status === 'erased') return [];
    if (state.status !== 'registered') throw new NotFoundError(USER_NOT_FOUND);
    const { userId } = state;
    switch (command.type) {
      case 'SetAdminFlag': {
        if (typeof command.data.isAdmin !== 'boolean') {
          throw new ValidationError('isAdmin must be true or false');
        }
        if (command.data.isAdmin === state.isAdmin) return [];
        return [{ type: 'UserAdminFlagChanged', data: { userId, isAdmin: command.data.isAdmin } }];
      }
      case 'SuspendUser': {
        const reason = moderationReason(command.data.reason, true) as string;
        if (state.restriction.status === 'banned') throw new ConflictError(ALREADY_BANNED);
        if (state.restriction.status === 'suspended') throw new ConflictError(ALREADY_SUSPENDED);
        return [
          { type: 'UserSuspended', data: { userId, reason } },
          ...state.sessions.map((s) => sessionEnded(userId, s, 'account-suspended')),
        ];
      }
      case 'BanUser': {
        const reason = moderationReason(command.data.reason, true) as string;
        if (state.restriction.status === 'banned') throw new ConflictError(ALREADY_BANNED);
        return [
          {
            type: 'UserBanned',
            data: {
              userId,
              reason,
              postIds: [...new Set(command.data.postIds)],
              commentIds: [...new Set(command.data.commentIds)],
              ...(command.data.commentsByPost
                ? { commentsByPost: command.data.commentsByPost }
                : {}),
            },
          },
          ...state.sessions.map((s) => sessionEnded(userId, s, 'account-banned')),
        ];
      }
      case 'LiftRestriction': {
        const reason = moderationReason(command.data.reason, false);
        const { restriction } = state;
        if (restriction.status === 'active') throw new ConflictError(NOT_RESTRICTED);
        return [
          {
            type: 'UserRestrictionLifted',
            data: {
              userId,
              reason,
              lifted: restriction.status,
              postIds: restriction.status === 'banned' ? restriction.postIds : [],
              commentIds: restriction.status === 'banned' ? restriction.commentIds : [],
              ...(restriction.status === 'banned' && restriction.commentsByPost
                ? { commentsByPost: restriction.commentsByPost }
                : {}),
            },
          },
        ];
      }
      case 'StartSession': {
        assertMaySignIn(state);
        const { verifiedPasswordHash, ...session } = command.data;
        assertCurrentPassword(state, verifiedPasswordHash);
        const { now } = command.metadata;
        // Sessions past their time end here, so the stream's state never grows with sign-ins.
        const expired = state.sessions.filter((s) => s.expiresAt <= now.toISOString());
        return [
          ...expired.map((s) => sessionEnded(userId, s, 'expired')),
          sessionStarted(userId, session, now),
        ];
      }
      case 'EndSession': {
        const session = state.sessions.find((s) => s.sessionId === command.data.sessionId);
        // Ending a session that is already over changes nothing: logging out twice is fine.
        return session ? [sessionEnded(userId, session, command.data.reason ?? 'logout')] : [];
      }
      case 'IssueEmailVerification': {
        // Nothing to verify any more: no mail goes out.
        if (state.emailVerified) return [];
        assertTokenHash(command.data.tokenHash);
        return [
          ...expiredLinks(state, command.metadata.now),
          {
            type: 'EmailVerificationIssued',
            data: {
              userId,
              tokenHash: command.data.tokenHash,
              expiresAt: addMs(command.metadata.now, EMAIL_VERIFICATION_TTL_MS),
            },
          },
        ];
      }
      case 'VerifyEmail':
        return verifyEmail(command, state);
      case 'IssuePasswordReset':
        assertTokenHash(command.data.tokenHash);
        return [
          ...expiredLinks(state, command.metadata.now),
          {
            type: 'PasswordResetIssued',
            data: {
              userId,
              tokenHash: command.data.tokenHash,
              expiresAt: addMs(command.metadata.now, PASSWORD_RESET_TTL_MS),
            },
          },
        ];
      case 'ResetPassword':
        return resetPassword(command, state);
      case 'ChangePassword': {
        assertPasswordHash(command.data.passwordHash);
        const { keepSessionId } = command.data;
        // A request from a session that ended meanwhile (a reset elsewhere) must not win.
        if (keepSessionId !== null && !state.sessions.some((s) => s.sessionId === keepSessionId)) {
          throw new UnauthenticatedError(SESSION_ENDED);
        }
        // Nor one whose current password was replaced after the shell checked it.
        assertCurrentPassword(state, command.data.verifiedPasswordHash);
        return [
          { type: 'PasswordChanged', data: { userId, passwordHash: command.data.passwordHash } },
          ...state.sessions
            .filter((s) => s.sessionId !== command.data.keepSessionId)
            .map((s) => sessionEnded(userId, s, 'password-changed')),
        ];
      }
      case 'ChangeEmailPreferences': {
        const next = { ...state.preferences };
        for (const key of Object.keys(DEFAULT_PREFERENCES) as (keyof EmailPreferences)[]) {
          const value = command.data[key];
          if (value === undefined) continue;
          if (typeof value !== 'boolean') throw new ValidationError(`${key} must be true or false`);
          next[key] = value;
        }
        const unchanged = (Object.keys(next) as (keyof EmailPreferences)[]).every(
          (key) => next[key] === state.preferences[key],
        );
        return unchanged ? [] : [{ type: 'EmailPreferencesChanged', data: { userId, ...next } }];
      }
      case 'UpdateProfile': {
        const next = applyProfileChanges(state.profile, command.data);
        if (sameProfile(next, state.profile)) return [];
        return [{ type: 'ProfileUpdated', data: { userId, ...next } }];
      }
      case 'ChangeProfilePicture': {
        const { profilePictureUrl } = command.data;
        if (!PICTURE_URL.test(profilePictureUrl) || profilePictureUrl.includes('..')) {
          throw new ValidationError('The profile picture address is not one of ours');
        }
        if (profilePictureUrl === state.profilePictureUrl) return [];
        return [{ type: 'ProfilePictureChanged', data: { userId, profilePictureUrl } }];
      }
      case 'ForgetExpired': {
        const now = command.metadata.now.toISOString();
        const sessions = state.sessions.filter((s) => s.expiresAt <= now);
        return [
          ...(sessions.length > 0
            ? [
                {
                  type: 'SessionsExpired' as const,
                  data: { userId, tokenHashes: sessions.map((s) => s.tokenHash) },
                },
              ]
            : []),
          ...expiredLinks(state, command.metadata.now),
        ];
      }
      case 'EraseAccount':
        return [
          ...state.sessions.map((s) => sessionEnded(userId, s, 'account-erased')),
          {
            type: 'AccountErased',
            data: {
              userId,
              tokenHashes: [...state.verificationTokens, ...state.resetTokens].map(
                (t) => t.tokenHash,
              ),
              archivedWeeks: [...new Set(command.data.archivedWeeks)].sort(),
              ...(command.data.reports?.length
                ? { reports: [...new Set(command.data.reports)].sort() }
                : {}),
            },
          },
        ];
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
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
    if (state.status !== 'registered') return state;
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
          sessions: [
            ...state.sessions,
            {
              sessionId: event.data.sessionId,
              tokenHash: event.data.tokenHash,
              expiresAt: event.data.expiresAt,
            },
          ],
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
      case 'UserRestrictionLifted':
        return { ...state, restriction: { status: 'active' } };
      default:
        return assertNever(event);
    }
  },
};

function register(command: Register, state: UserState): UserEvent[] {
  if (state.status !== 'unregistered') throw new IllegalStateError('This account already exists');
  const d = command.data;
  if (d.email !== d.email.trim().toLowerCase() || !isPlausibleEmail(d.email)) {
    throw new ValidationError(MESSAGES.emailInvalid);
  }
  if (!ANONYMOUS_USERNAME_PATTERN.test(d.anonymousUsername)) {
    throw new ValidationError('The anonymous username is not in the expected form');
  }
  assertPasswordHash(d.passwordHash);
  assertTokenHash(d.verificationTokenHash);
  assertTokenHash(d.sessionTokenHash);
  return [
    {
      type: 'UserRegistered',
      data: {
        userId: d.userId,
        email: d.email,
        passwordHash: d.passwordHash,
        anonymousUsername: d.anonymousUsername,
      },
    },
    {
      type: 'EmailVerificationIssued',
      data: {
        userId: d.userId,
        tokenHash: d.verificationTokenHash,
        expiresAt: addMs(command.metadata.now, EMAIL_VERIFICATION_TTL_MS),
      },
    },
    // The first session belongs to the password set in the same decision.
    sessionStarted(
      d.userId,
      { sessionId: d.sessionId, tokenHash: d.sessionTokenHash, browser: d.browser },
      command.metadata.now,
    ),
  ];
}

/**
 * The link proves the mailbox; it does not prove that whoever registered the address (and holds
 * its first session and password) is the mailbox's owner. So verifying leaves the account to the
 * person who opened the link alone: in a browser signed in to the account that session stays
 * and every other one ends; anywhere else the person chooses the password in the same step
 * (replacing the registration's), every session ends and one starts for them. Without either
 * nothing is used up, and the answer asks for the password.
 */
function verifyEmail(command: VerifyEmail, state: RegisteredUser): UserEvent[] {
  const { tokenHash, keepSessionId, chosenPassword } = command.data;
  const { now } = command.metadata;
  const { userId } = state;
  const token = state.verificationTokens.find((t) => t.tokenHash === tokenHash);
  if (!token) throw new ValidationError(TOKEN_MESSAGES.verificationInvalid);
  if (token.status === 'used') throw new ValidationError(TOKEN_MESSAGES.verificationUsed);
  if (state.emailVerified) throw new ValidationError(TOKEN_MESSAGES.alreadyVerified);
  if (isPast(token.expiresAt, now)) throw new ValidationError(TOKEN_MESSAGES.verificationExpired);
  const verified: UserEvent = { type: 'EmailVerified', data: { userId, tokenHash } };

  if (chosenPassword) {
    assertPasswordHash(chosenPassword.passwordHash);
    assertMaySignIn(state);
    return [
      verified,
      { type: 'PasswordChanged', data: { userId, passwordHash: chosenPassword.passwordHash } },
      ...state.sessions.map((s) => sessionEnded(userId, s, 'password-changed')),
      sessionStarted(userId, chosenPassword.session, now),
    ];
  }
  if (keepSessionId !== null && state.sessions.some((s) => s.sessionId === keepSessionId)) {
    return [
      verified,
      ...state.sessions
        .filter((s) => s.sessionId !== keepSessionId)
        .map((s) => sessionEnded(userId, s, 'email-verified')),
    ];
  }
  throw new UnauthenticatedError(CHOOSE_PASSWORD_TO_VERIFY);
}

function resetPassword(command: ResetPassword, state: RegisteredUser): UserEvent[] {
  const { tokenHash, passwordHash } = command.data;
  const { now } = command.metadata;
  const token = state.resetTokens.find((t) => t.tokenHash === tokenHash);
  if (!token || token.status === 'superseded') {
    throw new ValidationError(TOKEN_MESSAGES.resetInvalid);
  }
  if (token.status === 'used') throw new ValidationError(TOKEN_MESSAGES.resetUsed);
  if (isPast(token.expiresAt, now)) throw new ValidationError(TOKEN_MESSAGES.resetExpired);
  assertPasswordHash(passwordHash);
  // Whoever knew the old password is signed out everywhere, including here.
  return [
    { type: 'PasswordReset', data: { userId: state.userId, tokenHash, passwordHash } },
    ...state.sessions.map((s) => sessionEnded(state.userId, s, 'password-reset')),
  ];
}

/**
 * The mailed links past their time, forgotten when a new one is issued and by the hourly sweep,
 * so the state does not grow with every mail. A link that expired reads as unknown, which it is
 * as good as.
 */
function expiredLinks(state: RegisteredUser, now: Date): ExpiredLinksForgotten[] {
  const tokenHashes = [...state.verificationTokens, ...state.resetTokens]
    .filter((t) => isPast(t.expiresAt, now))
    .map((t) => t.tokenHash);
  return tokenHashes.length > 0
    ? [{ type: 'ExpiredLinksForgotten', data: { userId: state.userId, tokenHashes } }]
    : [];
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

function sessionStarted(userId: string, session: NewSession, now: Date): UserEvent {
  assertTokenHash(session.tokenHash);
  return {
    type: 'SessionStarted',
    data: {
      userId,
      sessionId: session.sessionId,
      tokenHash: session.tokenHash,
      expiresAt: addMs(now, SESSION_TTL_MS),
      ...(session.browser ? { browser: session.browser } : {}),
    },
  };
}

/** What the shell checked the presented password against must still be the account's password. */
function assertCurrentPassword(state: RegisteredUser, verifiedPasswordHash: string): void {
  if (verifiedPasswordHash !== state.passwordHash) throw new CredentialChangedError();
}

function sessionEnded(
  userId: string,
  session: OpenSession,
  reason: SessionEnded['data']['reason'],
): SessionEnded {
  return {
    type: 'SessionEnded',
    data: { userId, sessionId: session.sessionId, tokenHash: session.tokenHash, reason },
  };
}

/** A suspended or banned account is told why it cannot sign in. */
export function assertMaySignIn(state: RegisteredUser): void {
  if (state.restriction.status === 'banned') throw new ForbiddenError(ACCOUNT_BANNED);
  if (state.restriction.status === 'suspended') throw new ForbiddenError(ACCOUNT_SUSPENDED);
}

function isPast(iso: string, now: Date): boolean {
  return Date.parse(iso) <= now.getTime();
}

function assertTokenHash(hash: string): void {
  if (!TOKEN_HASH.test(hash)) throw new ValidationError('A token hash is 64 hexadecimal digits');
}

function assertPasswordHash(hash: string): void {
  // Catches a shell that passes the password itself instead of its hash.
  if (!PASSWORD_HASH.test(hash)) throw new ValidationError('A password must arrive hashed');
}
