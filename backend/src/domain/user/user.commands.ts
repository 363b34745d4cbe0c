import type { CommandMetadata } from '../shared/event';
import type { ProfileScreening } from './profile-screening';
import type { ProfileChanges } from './user-profile';
import type { ClearableProfileField, EmailPreferences } from './user.events';

/** What may be asked of an account's stream (`user-<userId>`). */

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
    marks?: ClientMarks | null;
  };
  metadata: CommandMetadata;
}

/**
 * Keyed marks of the network (IPv4 /24, IPv6 /56 by default) and of the browser (its random cookie) a
 * session starts from, for the vote rules; never the address or the cookie itself.
 */
export interface ClientMarks {
  network: string;
  browser: string | null;
}

/** A session to start: its id, the sha256 of its cookie token, the browser it names. */
export interface NewSession {
  sessionId: string;
  tokenHash: string;
  browser?: string | null;
  marks?: ClientMarks | null;
}

/**
 * A sign-in: the shell has checked the password against `verifiedPasswordHash`, the hash it read
 * from this stream.
 */
export interface StartSession {
  type: 'StartSession';
  /** `rememberedBrowserHash`: the sha256 of a new remembered-browser secret for this browser. */
  data: NewSession & { verifiedPasswordHash: string; rememberedBrowserHash?: string | null };
  metadata: CommandMetadata;
}

/** Signing out everywhere: every session ends, and so does every remembered browser. */
export interface EndAllSessions {
  type: 'EndAllSessions';
  data: Record<string, never>;
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
  /** `screening`: what the filter needs to know of the account; absent, nothing is filtered. */
  data: ProfileChanges & { screening?: ProfileScreening };
  metadata: CommandMetadata;
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

/**
 * What a banned account wrote that its ban did not name (a write that landed as the ban was
 * decided, listed by the shell once the read models hold the ban): hidden with the ban.
 */
export interface ExtendBan {
  type: 'ExtendBan';
  data: { postIds: string[]; comments: { commentId: string; postId: string }[] };
}

/** An admin clears fields of the account's public profile, with a reason. */
export interface ClearProfileFields {
  type: 'ClearProfileFields';
  data: { fields: ClearableProfileField[]; reason: string };
}

/**
 * Part of a ban's posts and comments come back ahead of its lift, so that no append names more
 * than `NAMES_PER_EVENT` of them: those named that the ban names, with the posts the comments
 * are on (for their counts).
 */
export interface LiftBanInPart {
  type: 'LiftBanInPart';
  data: { postIds: string[]; comments: { commentId: string; postId: string }[] };
}

export interface LiftRestriction {
  type: 'LiftRestriction';
  /**
   * `commentsByPost`: a ban's comments still hidden, by post, as the reads know them now (those
   * deleted during the ban are not given back); without it, the ban's own figures.
   */
  data: { reason?: string | null; commentsByPost?: Record<string, number> };
}

export type UserCommand =
  | SetAdminFlag
  | SuspendUser
  | BanUser
  | ExtendBan
  | LiftBanInPart
  | LiftRestriction
  | ClearProfileFields
  | Register
  | StartSession
  | EndSession
  | EndAllSessions
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
