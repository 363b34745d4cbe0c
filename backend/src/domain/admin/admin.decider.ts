import { type OpenSession, withSession } from '../shared/sessions';
import { assertNever, type Decider } from '../shared/decider';
import {
  IllegalStateError,
  NotFoundError,
  UnauthenticatedError,
  ValidationError,
} from '../shared/errors';
import type { CommandMetadata, DomainEvent } from '../shared/event';
import { moderationReason } from '../shared/moderation';

/**
 * Admin identities are separate from users: their own streams (`admin-<adminId>`), their own
 * sessions and cookie. Sign-ins and sign-outs are events, which makes them the audit trail.
 */

/** Admin sessions are short: a forgotten admin tab should not stay signed in for long. */
export const ADMIN_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const ADMIN_USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,30}$/;

export type AdminCreated = DomainEvent<
  'AdminCreated',
  { adminId: string; username: string; passwordHash: string }
>;
/**
 * `rememberedBrowserHash`: the sha256 of the random secret the sign-in left in the browser's
 * remembered-browser cookie, when it left a new one (a new password or disabling the admin
 * forgets every one).
 */
export type AdminSignedIn = DomainEvent<
  'AdminSignedIn',
  {
    adminId: string;
    sessionId: string;
    tokenHash: string;
    expiresAt: string;
    rememberedBrowserHash?: string;
  }
>;
export type AdminSignedOut = DomainEvent<
  'AdminSignedOut',
  { adminId: string; sessionId: string; tokenHash: string }
>;
/** Another admin disabled this one: its sessions end (their token hashes listed) and it cannot sign in. */
export type AdminDisabled = DomainEvent<
  'AdminDisabled',
  { adminId: string; reason: string | null; tokenHashes: string[] }
>;
/**
 * A new password, set by another admin or by the admin itself: the sessions listed end (every
 * one, except the session an admin changed its own password from).
 */
export type AdminPasswordReset = DomainEvent<
  'AdminPasswordReset',
  { adminId: string; passwordHash: string; tokenHashes: string[] }
>;
/**
 * Break-glass: no active admin was left, so the configured admin (ADMIN_USERNAME /
 * ADMIN_PASSWORD) is active again with the configured password; any session it still had ends.
 */
export type AdminRestored = DomainEvent<
  'AdminRestored',
  { adminId: string; passwordHash: string; tokenHashes: string[] }
>;
/** Sessions past their `expiresAt`, ended by the hourly sweep. */
export type AdminSessionsExpired = DomainEvent<
  'AdminSessionsExpired',
  { adminId: string; tokenHashes: string[] }
>;
export type AdminEvent =
  | AdminCreated
  | AdminSignedIn
  | AdminSignedOut
  | AdminDisabled
  | AdminPasswordReset
  | AdminRestored
  | AdminSessionsExpired;

export const ADMIN_NOT_FOUND = 'Admin not found';
export const CANNOT_DISABLE_SELF = 'You cannot disable your own admin account';
export const LAST_ADMIN = 'The last active admin cannot be disabled';
export const ADMIN_ALREADY_DISABLED = 'This admin is already disabled';
/** The password a sign-in or a re-authentication checked was changed before it was decided. */
export const ADMIN_CREDENTIALS_CHANGED =
  'The password was changed meanwhile. Please sign in again with the new one.';

export type AdminState =
  | { status: 'none' }
  | {
      status: 'active' | 'disabled';
      adminId: string;
      username: string;
      passwordHash: string;
      /**
       * Which password this is: 0 at creation, one more with each new password. A sign-in or a
       * re-authentication carries the version it checked, and is refused when it moved on.
       */
      credentialVersion: number;
      sessions: OpenSession[];
    };

export interface CreateAdmin {
  type: 'CreateAdmin';
  data: { adminId: string; username: string; passwordHash: string };
}
export interface SignInAdmin {
  type: 'SignInAdmin';
  /**
   * `credentialVersion`: the version of the password the sign-in checked;
   * `rememberedBrowserHash`: the sha256 of a new remembered-browser secret for this browser.
   */
  data: {
    sessionId: string;
    tokenHash: string;
    credentialVersion: number;
    rememberedBrowserHash?: string | null;
  };
  metadata: CommandMetadata;
}
export interface SignOutAdmin {
  type: 'SignOutAdmin';
  data: { sessionId: string };
}
/**
 * Ends the admin's sessions and sign-ins once the roster (`admin-roster.decider.ts`) has decided
 * that it may be disabled: who may be disabled is the roster's question, not this stream's.
 */
export interface DisableAdmin {
  type: 'DisableAdmin';
  data: { reason?: string | null };
}
/**
 * `ownChange`: the admin changes its own password from one of its sessions, having typed the
 * current one, at `credentialVersion`: that session stays, and a password changed in between
 * refuses the change.
 */
export interface ResetAdminPassword {
  type: 'ResetAdminPassword';
  data: {
    passwordHash: string;
    ownChange?: { sessionId: string; credentialVersion: number };
  };
}
export interface RestoreAdmin {
  type: 'RestoreAdmin';
  data: { passwordHash: string };
}
/** The hourly sweep: sessions past their time leave the state and the read model. */
export interface ExpireAdminSessions {
  type: 'ExpireAdminSessions';
  data: Record<string, never>;
  metadata: CommandMetadata;
}
export type AdminCommand =
  | CreateAdmin
  | SignInAdmin
  | SignOutAdmin
  | DisableAdmin
  | ResetAdminPassword
  | RestoreAdmin
  | ExpireAdminSessions;

export const adminDecider: Decider<AdminCommand, AdminState, AdminEvent> = {
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'CreateAdmin': {
        const { adminId, username, passwordHash } = command.data;
        if (state.status !== 'none') throw new IllegalStateError('This admin already exists');
        if (!ADMIN_USERNAME_PATTERN.test(username)) {
          throw new ValidationError(
            'An admin username is 3 to 30 letters, numbers, underscores, dots or hyphens',
          );
        }
        if (!passwordHash.startsWith('$argon2id$')) {
          throw new ValidationError('A password must arrive hashed');
        }
        return [{ type: 'AdminCreated', data: { adminId, username, passwordHash } }];
      }
      case 'SignInAdmin': {
        if (state.status !== 'active') throw new NotFoundError('Admin not found');
        const { sessionId, tokenHash, credentialVersion, rememberedBrowserHash } = command.data;
        if (credentialVersion !== state.credentialVersion) {
          throw new UnauthenticatedError(ADMIN_CREDENTIALS_CHANGED);
        }
        const { now } = command.metadata;
        for (const hash of [tokenHash, rememberedBrowserHash ?? '0'.repeat(64)]) {
          if (!/^[0-9a-f]{64}$/.test(hash)) {
            throw new ValidationError('A token hash is 64 hexadecimal digits');
          }
        }
        return [
          {
            type: 'AdminSignedIn',
            data: {
              adminId: state.adminId,
              sessionId,
              tokenHash,
              expiresAt: new Date(now.getTime() + ADMIN_SESSION_TTL_MS).toISOString(),
              ...(rememberedBrowserHash ? { rememberedBrowserHash } : {}),
            },
          },
        ];
      }
      case 'DisableAdmin': {
        if (state.status === 'none') throw new NotFoundError(ADMIN_NOT_FOUND);
        // Already done: the roster's decision is carried out once.
        if (state.status === 'disabled') return [];
        return [
          {
            type: 'AdminDisabled',
            data: {
              adminId: state.adminId,
              reason: moderationReason(command.data.reason, false),
              tokenHashes: state.sessions.map((s) => s.tokenHash),
            },
          },
        ];
      }
      case 'ResetAdminPassword': {
        if (state.status === 'none') throw new NotFoundError(ADMIN_NOT_FOUND);
        const { passwordHash, ownChange } = command.data;
        if (!passwordHash.startsWith('$argon2id$')) {
          throw new ValidationError('A password must arrive hashed');
        }
        if (ownChange && ownChange.credentialVersion !== state.credentialVersion) {
          throw new UnauthenticatedError(ADMIN_CREDENTIALS_CHANGED);
        }
        return [
          {
            type: 'AdminPasswordReset',
            data: {
              adminId: state.adminId,
              passwordHash,
              tokenHashes: state.sessions
                .filter((s) => s.sessionId !== ownChange?.sessionId)
                .map((s) => s.tokenHash),
            },
          },
        ];
      }
      case 'RestoreAdmin': {
        if (state.status === 'none') throw new NotFoundError(ADMIN_NOT_FOUND);
        if (!command.data.passwordHash.startsWith('$argon2id$')) {
          throw new ValidationError('A password must arrive hashed');
        }
        return [
          {
            type: 'AdminRestored',
            data: {
              adminId: state.adminId,
              passwordHash: command.data.passwordHash,
              tokenHashes: state.sessions.map((s) => s.tokenHash),
            },
          },
        ];
      }
      case 'SignOutAdmin': {
        if (state.status === 'none') return [];
        const session = state.sessions.find((s) => s.sessionId === command.data.sessionId);
        if (!session) return [];
        return [
          {
            type: 'AdminSignedOut',
            data: {
              adminId: state.adminId,
              sessionId: session.sessionId,
              tokenHash: session.tokenHash,
            },
          },
        ];
      }
      case 'ExpireAdminSessions': {
        if (state.status !== 'active') return [];
        const now = command.metadata.now.toISOString();
        const tokenHashes = state.sessions
          .filter((s) => s.expiresAt <= now)
          .map((s) => s.tokenHash);
        return tokenHashes.length > 0
          ? [{ type: 'AdminSessionsExpired', data: { adminId: state.adminId, tokenHashes } }]
          : [];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'AdminCreated':
        return {
          status: 'active',
          adminId: event.data.adminId,
          username: event.data.username,
          passwordHash: event.data.passwordHash,
          credentialVersion: 0,
          sessions: [],
        };
      case 'AdminSignedIn':
        if (state.status !== 'active') return state;
        return {
          ...state,
          sessions: withSession(state.sessions, event.data),
        };
      case 'AdminDisabled':
        if (state.status === 'none') return state;
        return { ...state, status: 'disabled', sessions: [] };
      case 'AdminPasswordReset': {
        if (state.status === 'none') return state;
        // The sessions it lists end (an older event lists every one).
        const ended = new Set(event.data.tokenHashes);
        return {
          ...state,
          passwordHash: event.data.passwordHash,
          credentialVersion: state.credentialVersion + 1,
          sessions: state.sessions.filter((s) => !ended.has(s.tokenHash)),
        };
      }
      case 'AdminRestored':
        if (state.status === 'none') return state;
        return {
          ...state,
          status: 'active',
          passwordHash: event.data.passwordHash,
          credentialVersion: state.credentialVersion + 1,
          sessions: [],
        };
      case 'AdminSignedOut':
        if (state.status === 'none') return state;
        return {
          ...state,
          sessions: state.sessions.filter((s) => s.sessionId !== event.data.sessionId),
        };
      case 'AdminSessionsExpired': {
        if (state.status !== 'active') return state;
        const expired = new Set(event.data.tokenHashes);
        return { ...state, sessions: state.sessions.filter((s) => !expired.has(s.tokenHash)) };
      }
      default:
        return assertNever(event);
    }
  },
};
