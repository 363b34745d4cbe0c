import { Inject, Injectable } from '@nestjs/common';
import {
  COMMENT_NOT_FOUND,
  commentDecider,
  commentStreamId,
} from '../../domain/comment/comment.decider';
import {
  DISPUTE_NOT_FOUND,
  paymentAccountDecider,
  paymentAccountStreamId,
} from '../../domain/payment/payment-account.decider';
import { POST_NOT_FOUND, postDecider, postStreamId } from '../../domain/post/post.decider';
import {
  REPORT_NOT_FOUND,
  reportDecider,
  type ReportReviewStatus,
  reportStreamId,
} from '../../domain/report/report.decider';
import type { Decider } from '../../domain/shared/decider';
import { ConflictError, NotFoundError } from '../../domain/shared/errors';
import type { DomainEvent } from '../../domain/shared/event';
import { USER_NOT_FOUND, userDecider } from '../../domain/user/user.decider';
import { COMMENTS, type CommentDocument } from '../../projections/comments/comments.projection';
import { PAYMENTS, type PaymentFactDocument } from '../../projections/payments/payments.projection';
import { POSTS, type PostDocument } from '../../projections/posts/posts.projection';
import { REPORTS, type ReportDocument } from '../../projections/reports/reports.projection';
import { USERS, type UserDocument } from '../../projections/users/users.projection';
import { accountStreams } from '../accounts/account-secrets';
import { SessionRevocations } from '../accounts/session-revocations';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import { CLOCK, type Clock } from '../shared/clock';
import { commandMetadata } from '../shared/command-metadata';
import { type Decided, runDecider, type WithoutMetadata } from '../shared/decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../shared/projection-progress';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who acts: the signed-in admin, and the request's correlation id. */
export interface AdminAct {
  adminId: string;
  correlationId: string;
}

/**
 * Every admin action: a command decided on the stream of what it changes, with the admin as the
 * events' actor; the answer waits until the read models include it (read-your-writes).
 */
@Injectable()
export class Moderation {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    private readonly revocations: SessionRevocations,
  ) {}

  private async decide<Command, State, Event extends DomainEvent>(
    act: AdminAct,
    decider: Decider<Command, State, Event>,
    streamId: string,
    command: WithoutMetadata<Command>,
  ): Promise<Decided<Event>> {
    const decided = await runDecider(
      this.eventStore,
      decider,
      streamId,
      command,
      commandMetadata({ type: 'admin', id: act.adminId }, this.clock.now(), act.correlationId),
    );
    await this.progress.waitFor(decided.position);
    return decided;
  }

  private async post(postId: string): Promise<PostDocument> {
    const post = UUID.test(postId)
      ? await this.readStore.findOne<PostDocument>(POSTS, { _id: postId })
      : null;
    if (!post || post.removed) throw new NotFoundError(POST_NOT_FOUND);
    return post;
  }

  private async user(userId: string): Promise<UserDocument> {
    const user = UUID.test(userId)
      ? await this.readStore.findOne<UserDocument>(USERS, { _id: userId })
      : null;
    if (!user) throw new NotFoundError(USER_NOT_FOUND);
    return user;
  }

  async approvePost(act: AdminAct, postId: string): Promise<void> {
    await this.post(postId);
    await this.decide(act, postDecider, postStreamId(postId), {
      type: 'ApprovePost',
      data: { postId },
    });
  }

  async setPostVisibility(
    act: AdminAct,
    postId: string,
    isPublic: boolean,
    reason: string | null,
  ): Promise<void> {
    await this.post(postId);
    await this.decide(act, postDecider, postStreamId(postId), {
      type: 'SetPostVisibility',
      data: { postId, isPublic, reason },
    });
  }

  async removePost(act: AdminAct, postId: string, reason: string): Promise<void> {
    await this.post(postId);
    await this.decide(act, postDecider, postStreamId(postId), {
      type: 'RemovePost',
      data: { postId, reason },
    });
  }

  async removeComment(act: AdminAct, commentId: string, reason: string): Promise<void> {
    const comment = UUID.test(commentId)
      ? await this.readStore.findOne<CommentDocument>(COMMENTS, { _id: commentId })
      : null;
    if (!comment) throw new NotFoundError(COMMENT_NOT_FOUND);
    await this.decide(act, commentDecider, commentStreamId(comment.threadId), {
      type: 'RemoveComment',
      data: { commentId, reason },
    });
  }

  /** A verdict on a pending report; `hidePost` hides the post in the same step. */
  async reviewReport(
    act: AdminAct,
    reportId: string,
    status: ReportReviewStatus,
    hidePost: boolean,
    note: string | null,
  ): Promise<void> {
    const report = UUID.test(reportId)
      ? await this.readStore.findOne<ReportDocument>(REPORTS, { _id: reportId })
      : null;
    if (!report) throw new NotFoundError(REPORT_NOT_FOUND);
    await this.decide(act, reportDecider, reportStreamId(report.postId, report.reporterId), {
      type: 'ReviewReport',
      data: { reportId, status, hidePost, note },
    });
    const post = await this.readStore.findOne<PostDocument>(POSTS, { _id: report.postId });
    if (!post || post.removed) return;
    await this.decide(
      act,
      postDecider,
      postStreamId(report.postId),
      hidePost
        ? {
            type: 'SetPostVisibility',
            data: { postId: report.postId, isPublic: false, reason: note ?? 'Reported' },
          }
        : { type: 'EndAutoHide', data: { postId: report.postId } },
    );
  }

  async setUserAdmin(act: AdminAct, userId: string, isAdmin: boolean): Promise<void> {
    await this.user(userId);
    await this.decide(act, userDecider, accountStreams.user(userId), {
      type: 'SetAdminFlag',
      data: { isAdmin },
    });
  }

  async suspendUser(act: AdminAct, userId: string, reason: string): Promise<void> {
    await this.user(userId);
    const decided = await this.decide(act, userDecider, accountStreams.user(userId), {
      type: 'SuspendUser',
      data: { reason },
    });
    await this.revocations.record(decided.events);
  }

  /** Bans the account: its live posts and comments are listed now and hidden with the ban. */
  async banUser(act: AdminAct, userId: string, reason: string): Promise<void> {
    await this.user(userId);
    const [posts, comments] = await Promise.all([
      this.readStore.find<PostDocument>(POSTS, { authorId: userId }),
      this.readStore.find<CommentDocument>(COMMENTS, { authorId: userId }),
    ]);
    const decided = await this.decide(act, userDecider, accountStreams.user(userId), {
      type: 'BanUser',
      data: {
        reason,
        postIds: posts.filter((post) => !post.removed).map((post) => post._id),
        commentIds: comments.map((comment) => comment._id),
        // The posts those comments are on lose them from their counts until a lift.
        commentsByPost: comments
          .filter((comment) => !comment.hidden)
          .reduce<Record<string, number>>((byPost, comment) => {
            byPost[comment.postId] = (byPost[comment.postId] ?? 0) + 1;
            return byPost;
          }, {}),
      },
    });
    await this.revocations.record(decided.events);
  }

  async liftRestriction(act: AdminAct, userId: string, reason: string | null): Promise<void> {
    await this.user(userId);
    await this.decide(act, userDecider, accountStreams.user(userId), {
      type: 'LiftRestriction',
      data: { reason },
    });
  }

  /**
   * An admin's decision on a payment dispute that suspended the buyer's boost purchases: lift
   * the suspension (`BoostPurchasesReinstated`) or keep it (`BoostPurchasesSuspensionKept`).
   */
  async resolveDispute(
    act: AdminAct,
    stripeDisputeId: string,
    liftSuspension: boolean,
    reason: string,
  ): Promise<void> {
    const dispute = await this.readStore.findOne<PaymentFactDocument>(PAYMENTS, {
      _id: `dispute-${stripeDisputeId}`,
    });
    if (!dispute) throw new NotFoundError(DISPUTE_NOT_FOUND);
    if (!dispute.userId || dispute.disputeStatus === 'open') {
      throw new ConflictError('This dispute suspended no account, so there is nothing to resolve');
    }
    await this.decide(act, paymentAccountDecider, paymentAccountStreamId(dispute.userId), {
      type: 'ResolveDispute',
      data: {
        userId: dispute.userId,
        stripeDisputeId,
        adminId: act.adminId,
        liftSuspension,
        reason,
      },
    });
  }
}
