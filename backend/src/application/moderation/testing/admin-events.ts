import { createHash } from 'node:crypto';
import type { GivenEvent } from '../../../../test/support/use-case-specification';
import {
  ADMIN_ROSTER_STREAM,
  type AdminJoinedRoster,
} from '../../../domain/admin/admin-roster.decider';
import type { AdminCreated, AdminSignedIn } from '../../../domain/admin/admin.decider';
import {
  type BoostApplied,
  type BoostPurchased,
  boostStreamId,
} from '../../../domain/boost/boost.decider';
import { type CommentPosted, commentStreamId } from '../../../domain/comment/comment.decider';
import type { BoostPurchasesSuspended } from '../../../domain/payment/payment-account.decider';
import { paymentStreamId, type PaymentDisputed } from '../../../domain/payment/payment.decider';
import { type PostReported, reportStreamId } from '../../../domain/report/report.decider';
import type { PostPublished } from '../../../domain/post/post.events';
import { postStreamId } from '../../../domain/post/post.decider';
import type { ReservationClaimed } from '../../../domain/reservation/reservation.decider';
import type { Actor } from '../../../domain/shared/event';
import type {
  ProfileUpdated,
  SessionStarted,
  UserRegistered,
} from '../../../domain/user/user.events';
import { accountStreams } from '../../accounts/account-secrets';
import { accountKeys, type History, hashed, NOW } from './admin-use-cases';

/** The events the admin specs give, as their streams record them. */

/** At this time, by this actor: the metadata of a given event. */
export const at = (time: string, actor?: Actor) => ({
  metadata: { at: time, ...(actor && { actor }) },
});

export const byAdmin = (adminId: string): Actor => ({ type: 'admin', id: adminId });

/** A post published by `authorId`; held for an admin's approval when `held`. */
function postPublished(postId: string, authorId: string, held = false): PostPublished {
  return {
    type: 'PostPublished',
    data: {
      postId,
      authorId,
      image: { imageUrl: '/i.webp', thumbnailUrl: '/t.webp', imageHash: '0', contentHash: 'c' },
      ai: null,
      similarTo: [],
      ...(held && { heldForReview: { reason: 'approval_required' as const, gate: null } }),
    },
  };
}

/** A post on its stream: published, then whatever else is given. */
export const post = (postId: string, authorId: string, ...then: GivenEvent[]): History[number] => [
  postStreamId(postId),
  postPublished(postId, authorId),
  ...then,
];

/** A post published at `time` (held for an admin's approval when `held`), then what else. */
export const postAt = (
  time: string,
  { postId, authorId, held = false }: { postId: string; authorId: string; held?: boolean },
  ...then: GivenEvent[]
): History[number] => [
  postStreamId(postId),
  { ...postPublished(postId, authorId, held), ...at(time) },
  ...then,
];

/** The hash of the one session a registered account of these specs has. */
export const sessionTokenHashOf = (userId: string) =>
  createHash('sha256').update(`session-${userId}`).digest('hex');

/** A registered account with one session (`sessionTokenHashOf`), then what else is given. */
export const account = (userId: string, ...then: GivenEvent[]): History[number] =>
  accountOf(userId, `${userId}@example.com`, ...then);

/** A registered account with this email address. */
export function accountOf(userId: string, email: string, ...then: GivenEvent[]): History[number] {
  const registered: UserRegistered = {
    type: 'UserRegistered',
    data: {
      userId,
      email,
      passwordHash: hashed('a member password'),
      anonymousUsername: 'QuietHeron1234',
    },
  };
  const session: SessionStarted = {
    type: 'SessionStarted',
    data: {
      userId,
      sessionId: `s-${userId}`,
      tokenHash: sessionTokenHashOf(userId),
      expiresAt: '2026-12-23T10:00:00.000Z',
    },
  };
  return [accountStreams.user(userId), registered, session, ...then];
}

/** The account's display name set (its profile otherwise empty). */
export function profileNamed(userId: string, displayUsername: string): ProfileUpdated {
  return {
    type: 'ProfileUpdated',
    data: { userId, displayUsername, bio: null, socialLinks: null },
  };
}

/** The stream that holds an admin username's claim. */
const adminUsernameStream = (username: string) => accountKeys.adminUsernameStream(username);

/** An active admin (its password `a long password 123` unless given): its username claimed, its stream, and on the roster. */
export function anAdmin(
  admin: { adminId: string; username: string; password?: string; createdAt?: string },
  ...then: GivenEvent[]
): History {
  const { adminId, username, password = 'a long password 123' } = admin;
  const claimed: ReservationClaimed = { type: 'ReservationClaimed', data: { ownerId: adminId } };
  const created: AdminCreated = {
    type: 'AdminCreated',
    data: { adminId, username, passwordHash: hashed(password) },
  };
  const joined: AdminJoinedRoster = { type: 'AdminJoinedRoster', data: { adminId, active: true } };
  return [
    [adminUsernameStream(username), claimed],
    [
      accountStreams.admin(adminId),
      admin.createdAt ? { ...created, ...at(admin.createdAt) } : created,
      ...then,
    ],
    [ADMIN_ROSTER_STREAM, joined],
  ];
}

/** An admin's session, signed in now, ending in 12 hours. */
export function adminSignedIn(adminId: string, sessionId: string): AdminSignedIn {
  return {
    type: 'AdminSignedIn',
    data: {
      adminId,
      sessionId,
      tokenHash: createHash('sha256').update(sessionId).digest('hex'),
      expiresAt: new Date(Date.parse(NOW) + 12 * 3_600_000).toISOString(),
    },
  };
}

/** A comment starting its own thread. */
export function comment(
  commentId: string,
  postId: string,
  userId: string,
  text = 'Hi',
  ...then: GivenEvent[]
): History[number] {
  const posted: CommentPosted = {
    type: 'CommentPosted',
    data: { commentId, postId, threadId: commentId, parentCommentId: null, userId, text },
  };
  return [commentStreamId(commentId), posted, ...then];
}

/** A report of `postId` by `reporterId`, on its stream. */
export function report(
  reportId: string,
  postId: string,
  authorId: string,
  reporterId: string,
  ...then: GivenEvent[]
): History[number] {
  const reported: PostReported = {
    type: 'PostReported',
    data: { reportId, postId, userId: reporterId, authorId, category: 'spam', reason: '' },
  };
  return [reportStreamId(postId, reporterId), reported, ...then];
}

/** A boost bought by `userId` (with Stripe's receipt address, or none). */
export function boostPurchased(
  boostId: string,
  userId: string,
  receiptUrl: string | null = null,
): BoostPurchased {
  return {
    type: 'BoostPurchased',
    data: {
      boostId,
      boostType: 'regular',
      userId,
      postId: null,
      receiptEmail: null,
      amount: 500,
      currency: 'usd',
      stripeSessionId: `cs_${boostId}`,
      stripePaymentId: `pi_${boostId}`,
      receiptUrl,
    },
  };
}

/** A boost on its stream: bought, then whatever else is given. */
export const boost = (
  boostId: string,
  userId: string,
  receiptUrl: string | null,
  ...then: GivenEvent[]
): History[number] => [
  boostStreamId(boostId),
  boostPurchased(boostId, userId, receiptUrl),
  ...then,
];

/** The boost running on `postId` until `expiresAt`. */
export function boostApplied(
  boostId: string,
  userId: string,
  postId: string,
  expiresAt: string,
): BoostApplied {
  return {
    type: 'BoostApplied',
    data: { boostId, boostType: 'regular', userId, postId, appliedAt: NOW, expiresAt },
  };
}

/** Stripe's dispute `stripeDisputeId` of the payment `pi_1`, on the payment's stream. */
export function dispute(stripeDisputeId: string, ...then: GivenEvent[]): History[number] {
  const disputed: PaymentDisputed = {
    type: 'PaymentDisputed',
    data: {
      stripePaymentId: 'pi_1',
      stripeDisputeId,
      amount: 500,
      currency: 'usd',
      reason: 'fraudulent',
    },
  };
  return [paymentStreamId('pi_1'), disputed, ...then];
}

/** The buyer's boost purchases suspended during the dispute. */
export function purchasesSuspended(
  userId: string,
  stripeDisputeId: string,
): BoostPurchasesSuspended {
  return {
    type: 'BoostPurchasesSuspended',
    data: { userId, stripeDisputeId, stripePaymentId: 'pi_1' },
  };
}
