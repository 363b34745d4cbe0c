import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { LikeData } from '../../../domain/like/like.decider';
import type { Rated } from '../../../domain/post-rating/post-rating.decider';
import type { AiRating } from '../../../domain/post/post.events';
import type { PostReported } from '../../../domain/report/report.decider';
import type { RecordedEvent } from '../../../domain/shared/event';
import { NotFoundError } from '../../../domain/shared/errors';
import { USER_NOT_FOUND } from '../../../domain/user/user.decider';
import type { BoostPurchased } from '../../../domain/boost/boost.decider';
import type { DonationReceived } from '../../../domain/payment/checkout.decider';
import {
  ACCOUNT_STREAMS,
  type AccountStreamDocument,
} from '../../../projections/account-streams/account-streams.projection';
import { BOOSTS, type BoostDocument } from '../../../projections/boosts/boosts.projection';
import { COMMENTS, type CommentDocument } from '../../../projections/comments/comments.projection';
import { POSTS, type PostDocument } from '../../../projections/posts/posts.projection';
import { USERS, type UserDocument } from '../../../projections/users/users.projection';
import { accountStreams } from '../../accounts/account-secrets';
import type { AppConfig } from '../../../config/config';
import { APP_CONFIG } from '../../../config/config.provider';
import {
  HOUR_MS,
  inMinutes,
  RATE_LIMITER,
  type RateLimiter,
  withinLimits,
} from '../../ports/rate-limiter.port';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { type AccountExport, ExportAccountQuery } from './export-account.query';
import { StreamWrites } from '../../shared/stream-writes';

/** Streams of the account's read at once (each a short read by its id). */
const STREAMS_AT_ONCE = 32;
/** Fields of account events that are secrets (hashes of passwords and tokens) or redundant. */
const OMITTED = new Set(['userId', 'passwordHash', 'tokenHash', 'tokenHashes', 'sessionId']);

@QueryHandler(ExportAccountQuery)
export class ExportAccountHandler implements IQueryHandler<ExportAccountQuery, AccountExport> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly writes: StreamWrites,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'exportLimitPerHour'>,
  ) {}

  async execute({ userId, sessionId }: ExportAccountQuery): Promise<AccountExport> {
    const limit = this.config.exportLimitPerHour;
    await withinLimits(
      this.limiter,
      [{ key: `export:user:${userId}`, limit, windowMs: HOUR_MS }],
      (retryAfterMs) =>
        `You can download a copy of your data ${limit} time${limit === 1 ? '' : 's'} an hour. Please try again ${inMinutes(retryAfterMs)}.`,
    );
    const user = await this.readStore.findOne<UserDocument>(USERS, { _id: userId });
    if (!user) throw new NotFoundError(USER_NOT_FOUND);
    const now = this.writes.now();
    const [stream, posts, comments, elsewhere, boosts] = await Promise.all([
      this.writes.streamEvents(accountStreams.user(userId)),
      this.readStore.find<PostDocument>(POSTS, { authorId: userId }, { sort: { createdAt: -1 } }),
      this.readStore.find<CommentDocument>(
        COMMENTS,
        { authorId: userId },
        { sort: { createdAt: 1 } },
      ),
      this.activityElsewhere(userId),
      this.readStore.find<BoostDocument>(BOOSTS, { userId }, { sort: { createdAt: 1 } }),
    ]);
    return {
      format: 'solescore-account-export',
      version: 1,
      exportedAt: now.toISOString(),
      account: {
        id: user._id,
        email: user.email,
        anonymousUsername: user.anonymousUsername,
        displayUsername: user.displayUsername ?? null,
        bio: user.bio ?? null,
        socialLinks: user.socialLinks ?? null,
        profilePictureUrl: user.profilePictureUrl ?? null,
        emailVerified: user.emailVerified === true,
        isAdmin: user.isAdmin === true,
        createdAt: user.createdAt,
      },
      emailPreferences: {
        emailNotificationsRating: user.emailNotificationsRating !== false,
        emailNotificationsComment: user.emailNotificationsComment !== false,
        emailNotificationsAchievements: user.emailNotificationsAchievements !== false,
      },
      sessions: openSessions(stream, sessionId, now),
      history: stream.map((event) => ({ ...safe(event), type: event.type, at: event.metadata.at })),
      posts: posts.map((post) => ({
        id: post._id,
        imageUrl: post.imageUrl,
        thumbnailUrl: post.thumbnailUrl,
        createdAt: post.createdAt,
        isPublic: post.isPublic,
        averageRating:
          post.averageRating === null ? null : Math.round(post.averageRating * 10) / 10,
        voteCount: post.voteCount,
        likesCount: post.likesCount,
        commentsCount: post.commentsCount,
        aiRating: post.ai ? withoutRatingId(post.ai) : null,
      })),
      comments: comments.map((comment) => ({
        id: comment._id,
        postId: comment.postId,
        parentCommentId: comment.parentCommentId,
        text: comment.text,
        createdAt: comment.createdAt,
        likesCount: comment.likesCount,
      })),
      boosts: boosts.map((boost) => ({
        id: boost._id,
        boostType: boost.boostType,
        status: boost.status,
        postId: boost.postId,
        createdAt: boost.createdAt,
        appliedAt: boost.appliedAt,
        expiresAt: boost.expiresAt,
      })),
      ...elsewhere,
    };
  }

  /**
   * Likes, ratings, reports and payments live in streams of their own (per account and post, per
   * boost, per checkout), which the account-streams read model lists by account: those streams
   * are read, and their events taken in the log's order, as the account did them.
   */
  private async activityElsewhere(
    userId: string,
  ): Promise<Pick<AccountExport, 'likes' | 'ratingsGiven' | 'reports' | 'payments'>> {
    const likes = new Map<string, AccountExport['likes'][number]>();
    const payments: AccountExport['payments'] = [];
    const ratingsGiven: AccountExport['ratingsGiven'] = [];
    const reports: AccountExport['reports'] = [];
    for (const event of await this.eventsInOwnStreams(userId)) {
      const data = event.data as { userId?: unknown } | null;
      if (data?.userId !== userId) continue;
      switch (event.type) {
        case 'Liked':
        case 'Unliked': {
          const like = event.data as LikeData;
          const key = `${like.target}:${like.targetId}`;
          if (event.type === 'Unliked') likes.delete(key);
          else {
            likes.set(key, {
              target: like.target,
              targetId: like.targetId,
              postId: like.postId,
              likedAt: event.metadata.at,
            });
          }
          break;
        }
        case 'Rated': {
          const rated = event.data as Rated['data'];
          ratingsGiven.push({
            postId: rated.postId,
            score: rated.score,
            ratedAt: event.metadata.at,
          });
          break;
        }
        case 'PostReported': {
          const report = event.data as PostReported['data'];
          reports.push({
            id: report.reportId,
            postId: report.postId,
            reason: report.reason,
            reportedAt: event.metadata.at,
          });
          break;
        }
        case 'BoostPurchased':
        case 'DonationReceived': {
          const paid = event.data as BoostPurchased['data'] | DonationReceived['data'];
          payments.push({
            kind: event.type === 'BoostPurchased' ? 'boost' : 'donation',
            amount: paid.amount,
            currency: paid.currency,
            receiptEmail: paid.receiptEmail,
            receiptUrl: paid.receiptUrl,
            stripePaymentId: paid.stripePaymentId,
            paidAt: event.metadata.at,
          });
          break;
        }
        default:
          break;
      }
    }
    return { likes: [...likes.values()], ratingsGiven, reports, payments };
  }

  /** The events of the streams the account acted in, in the log's order. */
  private async eventsInOwnStreams(userId: string): Promise<RecordedEvent[]> {
    const streams = await this.readStore.find<AccountStreamDocument>(
      ACCOUNT_STREAMS,
      { userId },
      { sort: { since: 1 } },
    );
    const events: RecordedEvent[] = [];
    for (let from = 0; from < streams.length; from += STREAMS_AT_ONCE) {
      const batch = streams.slice(from, from + STREAMS_AT_ONCE);
      const read = await Promise.all(batch.map((stream) => this.writes.streamEvents(stream._id)));
      for (const streamEvents of read) events.push(...streamEvents);
    }
    return events.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
  }
}

function openSessions(
  stream: RecordedEvent[],
  currentSessionId: string | null,
  now: Date,
): AccountExport['sessions'] {
  const open = new Map<string, { startedAt: string; expiresAt: string }>();
  for (const event of stream) {
    const data = event.data as { sessionId?: string; expiresAt?: string };
    if (event.type === 'SessionStarted' && data.sessionId && data.expiresAt) {
      open.set(data.sessionId, { startedAt: event.metadata.at, expiresAt: data.expiresAt });
    } else if (event.type === 'SessionEnded' && data.sessionId) {
      open.delete(data.sessionId);
    }
  }
  return [...open.entries()]
    .filter(([, session]) => Date.parse(session.expiresAt) > now.getTime())
    .map(([id, session]) => ({ ...session, current: id === currentSessionId }));
}

/** An account event's details without secrets. */
function safe(event: RecordedEvent): Record<string, unknown> {
  const data = event.data as Record<string, unknown> | null;
  if (!data || typeof data !== 'object') return {};
  return Object.fromEntries(Object.entries(data).filter(([key]) => !OMITTED.has(key)));
}

function withoutRatingId(ai: AiRating): Omit<AiRating, 'ratingId'> {
  const { ratingId: _ratingId, ...rest } = ai;
  return rest;
}
