import { assertNever, type Decider } from '../shared/decider';
import { moderationReason } from '../shared/moderation';
import {
  ConflictError,
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
} from './account-rules';
import { ANONYMOUS_USERNAME_PATTERN } from './anonymous-username';
import { screenProfile } from './profile-screening';
import { applyProfileChanges, sameProfile } from './user-profile';
import type { EmailPreferences, ExpiredLinksForgotten, UserEvent } from './user.events';
import { clearableFields, isSet } from './profile-clearing';
import {
  type Register,
  type ResetPassword,
  type UserCommand,
  type VerifyEmail,
} from './user.commands';
import { DEFAULT_PREFERENCES, evolveUser, type RegisteredUser, type UserState } from './user.state';
import {
  banUser,
  extendBan,
  liftBanInPart,
  liftRestriction,
  suspendUser,
} from './user-restrictions';

import {
  assertCurrentPassword,
  assertMaySignIn,
  assertPasswordHash,
  assertTokenHash,
  isPast,
  sessionEnded,
  sessionStarted,
} from './user-credentials';
import {
  ACCOUNT_BANNED,
  CHOOSE_PASSWORD_TO_VERIFY,
  SESSION_ENDED,
  TOKEN_MESSAGES,
  USER_NOT_FOUND,
} from './user.messages';

export type { UserCommand } from './user.commands';
export { assertMaySignIn } from './user-credentials';
export * from './user.messages';
export type { RegisteredUser, Restriction, UserState } from './user.state';
export { CLEAR_FIELDS_MESSAGE } from './profile-clearing';

const PICTURE_URL = /^\/uploads\/[0-9a-z./_-]{1,200}$/;

/**
 * One stream per account (`user-<userId>`). The decider sees secrets only as hashes (argon2id
 * passwords, sha256 tokens) and the time from the command's metadata, so every check of a presented
 * token (known, unused, unexpired) is decided here.
 *
 * A session belongs to the password it was started with: replacing the password ends every session
 * but the one it was made from, and a session starts only for the current password, in the decision
 * that sets it or by a sign-in whose checked hash (`verifiedPasswordHash`) is still the account's;
 * a sign-in that checked a password replaced meanwhile starts nothing.
 */
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
      case 'SuspendUser':
        return suspendUser(command, state);
      case 'BanUser':
        return banUser(command, state);
      case 'ExtendBan':
        return extendBan(command, state);
      case 'LiftBanInPart':
        return liftBanInPart(command, state);
      case 'ClearProfileFields': {
        const reason = moderationReason(command.data.reason, true) as string;
        const fields = clearableFields(command.data.fields);
        const set = fields.filter((field) => isSet(state, field));
        // Clearing what is already empty (a retried request) records nothing.
        return set.length > 0
          ? [{ type: 'UserProfileCleared', data: { userId, fields: set, reason } }]
          : [];
      }
      case 'LiftRestriction':
        return liftRestriction(command, state);
      case 'StartSession': {
        assertMaySignIn(state);
        const { verifiedPasswordHash, rememberedBrowserHash, ...session } = command.data;
        assertCurrentPassword(state, verifiedPasswordHash);
        if (rememberedBrowserHash) assertTokenHash(rememberedBrowserHash);
        const { now } = command.metadata;
        // Sessions past their time end here, so the stream's state never grows with sign-ins.
        const expired = state.sessions.filter((s) => s.expiresAt <= now.toISOString());
        const started = sessionStarted(userId, session, now);
        return [
          ...expired.map((s) => sessionEnded(userId, s, 'expired')),
          rememberedBrowserHash
            ? { ...started, data: { ...started.data, rememberedBrowserHash } }
            : started,
        ];
      }
      case 'EndSession': {
        const session = state.sessions.find((s) => s.sessionId === command.data.sessionId);
        // Ending a session that is already over changes nothing: logging out twice is fine.
        return session ? [sessionEnded(userId, session, command.data.reason ?? 'logout')] : [];
      }
      case 'EndAllSessions':
        return state.sessions.map((s) => sessionEnded(userId, s, 'signed-out-everywhere'));
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
        // A banned account has no password to set again: no link is mailed (the answer is the
        // same neutral one).
        if (state.restriction.status === 'banned') return [];
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
        if (command.data.screening) {
          screenProfile(next, state.profile, command.data.screening, command.metadata.now);
        }
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

  evolve: evolveUser,
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
      { sessionId: d.sessionId, tokenHash: d.sessionTokenHash, browser: d.browser, marks: d.marks },
      command.metadata.now,
    ),
  ];
}

/**
 * The link proves the mailbox, not that whoever registered the address owns it. So verifying leaves
 * the account to whoever opened the link: a browser signed in to the account keeps its session and
 * every other ends; anywhere else they choose the password in the same step, every session ends and
 * one starts for them. Without either nothing is used up, and the answer asks for the password.
 */
function verifyEmail(command: VerifyEmail, state: RegisteredUser): UserEvent[] {
  const { tokenHash, keepSessionId, chosenPassword } = command.data;
  const { now } = command.metadata;
  const { userId } = state;
  const token = state.verificationTokens.find((t) => t.tokenHash === tokenHash);
  if (!token) throw new ValidationError(TOKEN_MESSAGES.verificationInvalid);
  // A link of the account, used or not, once the account is verified: the link's holder may
  // know (it came to the mailbox), and it tells nothing about any address to anyone else.
  if (state.emailVerified) throw new ConflictError(TOKEN_MESSAGES.alreadyVerified);
  if (token.status === 'used') throw new ValidationError(TOKEN_MESSAGES.verificationUsed);
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
  // A link mailed before a ban does not set a password during it.
  if (state.restriction.status === 'banned') throw new ForbiddenError(ACCOUNT_BANNED);
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
