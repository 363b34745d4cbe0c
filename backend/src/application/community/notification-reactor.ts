import { BOOSTS, type BoostDocument } from '../../projections/boosts/boosts.projection';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { BoostPurchased } from '../../domain/boost/boost.decider';
import type { CommentPosted } from '../../domain/comment/comment.decider';
import type { WeeklyCompetitionClosed } from '../../domain/competition/weekly-competition.decider';
import type { DonationReceived } from '../../domain/payment/checkout.decider';
import type { Rated, RatingCounted } from '../../domain/post-rating/post-rating.decider';
import type { RecordedEvent } from '../../domain/shared/event';
import { APP_CONFIG } from '../../config/config.provider';
import type { AppConfig } from '../../config/config';
import {
  CheckpointedSubscription,
  readStoreCheckpoint,
  type SubscriberProgress,
} from '../ports/checkpointed-subscription';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import { MAIL_SENDER, type MailMessage, type MailSender } from '../ports/mail.port';
import { READ_STORE, type ReadModelWrite, type ReadStore } from '../ports/read-store.port';
import { COMMENTS, type CommentDocument } from '../../projections/comments/comments.projection';
import type { PostRemoved } from '../../domain/post/post.events';
import { POSTS, type PostDocument } from '../../projections/posts/posts.projection';
import { USERS, type UserDocument } from '../../projections/users/users.projection';
import { receiptMail } from '../payments/receipt-mail';
import { postActivityMail, postRemovedMail, weeklyWinnerMail } from './community-mails';
import { StreamWrites } from '../shared/stream-writes';
import { sendNotificationOnce } from './notifications-sent';
import {
  countedIn,
  currentDigest,
  DIGEST_WINDOW_MS,
  type DigestCount,
  liveComments,
  shownTo,
  type LegacyPostDigest,
  POST_DIGESTS,
  type PostDigestDocument,
} from './post-digests';

export { DIGEST_WINDOW_MS, POST_DIGESTS } from './post-digests';

const CHECKPOINT = 'reactor:notifications';
/** A notification is timely or not sent: a replay of old history (after a rebuild) mails nobody. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
const HANDLED = new Set([
  'Rated',
  'RatingCounted',
  'CommentPosted',
  'WeeklyCompetitionClosed',
  'BoostPurchased',
  'DonationReceived',
  'PostRemoved',
]);

type Handled =
  | RecordedEvent<'Rated', Rated['data']>
  | RecordedEvent<'RatingCounted', RatingCounted['data']>
  | RecordedEvent<'CommentPosted', CommentPosted['data']>
  | RecordedEvent<'WeeklyCompetitionClosed', WeeklyCompetitionClosed['data']>
  | RecordedEvent<'BoostPurchased', BoostPurchased['data']>
  | RecordedEvent<'DonationReceived', DonationReceived['data']>
  | RecordedEvent<'PostRemoved', PostRemoved['data']>;

/** The scheduler's name of the post-digest sweep. */
const DIGEST_SWEEP = 'post-digest-sweep';

/**
 * Mails authors about their posts' new ratings and comments, commenters about replies, and the
 * week's top 5, each only with the matching preference on; and every purchase's receipt. Ratings,
 * comments and replies go in a digest per post and recipient (forty comments in a few seconds would
 * be forty mails), counted in the same atomic write as the checkpoint, so a restart neither loses
 * nor double-counts one; the first news goes at once, later news at the end of the quarter hour
 * after a mail. Each mail is recorded in its own stream (`no_stream`) before it is sent, so a
 * replay or a second worker never mails twice.
 */
@Injectable()
export class NotificationReactor {
  private readonly logger = new Logger('Notifications');
  /**
   * From its checkpoint; never run before (or the read models were rebuilt), it starts at the
   * log's head: what is already in the log is history, not news.
   */
  private readonly subscription: CheckpointedSubscription;

  constructor(
    /** The log it follows, and where each mail is recorded once (`sendNotificationOnce`). */
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly writes: StreamWrites,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly schedule: SchedulerRegistry,
  ) {
    this.subscription = new CheckpointedSubscription(eventStore, ([event]) => this.handle(event), {
      name: 'Notification subscription',
      checkpoint: readStoreCheckpoint(readStore, CHECKPOINT),
      from: 'head',
      logger: this.logger,
    });
  }

  /** The last event this reactor has seen through (for tests that wait for it). */
  get handledThrough(): bigint | null {
    return this.subscription.handledThrough;
  }

  /** How far it has read the log (its lag, in the metrics). */
  get progress(): SubscriberProgress {
    return this.subscription;
  }

  async start(): Promise<void> {
    await this.readStore.ensureIndexes(POST_DIGESTS, [{ keys: { dueAt: 1 } }]);
    await this.subscription.start();
    // At most a minute apart (configuration), so a first mail goes within a minute.
    const everyMs = this.config.notificationSweepSeconds * 1000;
    if (everyMs === 0 || this.schedule.doesExist('interval', DIGEST_SWEEP)) return;
    const timer = setInterval(() => {
      this.sendDue().catch((error: unknown) =>
        this.logger.error('Sending post digests failed', error),
      );
    }, everyMs);
    this.schedule.addInterval(DIGEST_SWEEP, timer);
  }

  /** Called when the lease is lost or the app closes (the scheduler clears it on close too). */
  async stop(): Promise<void> {
    if (this.schedule.doesExist('interval', DIGEST_SWEEP))
      this.schedule.deleteInterval(DIGEST_SWEEP);
    await this.subscription.stop();
  }

  /**
   * Counts a rating or comment into its digest, or mails a week's winners. Answers what to store
   * with the checkpoint (the digest writes) for the events it handles.
   */
  private async handle(event: RecordedEvent): Promise<ReadModelWrite[] | null> {
    if (!HANDLED.has(event.type)) return null;
    try {
      return await this.react(event as Handled);
    } catch (error) {
      // A mail that cannot be sent is logged, never retried into a loop.
      this.logger.error(`Notification for ${event.type} ${event.id} failed`, error);
      return [];
    }
  }

  private tooOld(at: string | number): boolean {
    const time = typeof at === 'number' ? at : Date.parse(at);
    return this.writes.now().getTime() - time > MAX_AGE_MS;
  }

  /** Sends what is sent at once; answers the digest writes to store with the checkpoint. */
  private async react(event: Handled): Promise<ReadModelWrite[]> {
    if (this.tooOld(event.metadata.at)) return [];
    switch (event.type) {
      case 'Rated':
      case 'RatingCounted':
        // A rating is news when it counts, as the post shows it: a held one when it comes to.
        if (event.type === 'Rated' && event.data.heldOut?.length) return [];
        return countedIn(this.readStore, event.metadata.at, event.data.postId, [
          [event.data.authorId, 'ratings'],
        ]);
      case 'CommentPosted':
        return this.countComment(event);
      case 'BoostPurchased':
      case 'DonationReceived':
        await this.mailReceipt(event);
        return [];
      case 'PostRemoved':
        await this.mailRemoval(event);
        return [];
      case 'WeeklyCompetitionClosed': {
        const mails: MailMessage[] = [];
        for (const winner of event.data.winners) {
          const user = await this.user(winner.userId);
          if (!user || user.emailNotificationsAchievements === false) continue;
          mails.push(
            weeklyWinnerMail(
              this.config.publicUrl,
              user.email,
              winner.postId,
              winner.rank,
              event.data.week,
            ),
          );
        }
        await this.sendOnce(`notification-${event.id}`, event, mails, {
          sourceEventId: event.id,
          kind: event.type,
          recipients: mails.length,
        });
        return [];
      }
      default:
        return [];
    }
  }

  /**
   * A comment is news to the post's author; a reply also to the author of the comment it answers
   * (told as a reply, once, when that is the post's author too). Nobody hears of their own.
   */
  private async countComment(
    event: RecordedEvent<'CommentPosted', CommentPosted['data']>,
  ): Promise<ReadModelWrite[]> {
    // The commenter has erased their account meanwhile: the comment is gone with it.
    if (typeof event.data.text !== 'string') return [];
    const { postId, parentCommentId, userId } = event.data;
    const post = await this.readStore.findOne<PostDocument>(POSTS, { _id: postId });
    if (!post) return [];
    const parent = parentCommentId
      ? await this.readStore.findOne<CommentDocument>(COMMENTS, { _id: parentCommentId })
      : null;
    const counts: [string, DigestCount][] = [];
    const repliedTo = parent && parent.authorId !== userId ? parent.authorId : null;
    if (repliedTo) counts.push([repliedTo, 'replies']);
    if (post.authorId !== userId && post.authorId !== repliedTo) {
      counts.push([post.authorId, 'comments']);
    }
    return countedIn(this.readStore, event.metadata.at, postId, counts, event.data.commentId);
  }

  /**
   * Mails every post digest that is due, one mail per member and post, then keeps it empty for
   * the quarter hour after the mail (news meanwhile waits for its end); forgets one whose quiet
   * quarter hour passed with no news. The worker runs it every half minute; answers how many
   * digests it took.
   */
  sendDue(): Promise<number> {
    return this.subscription.exclusive(async () => {
      const now = this.writes.now();
      const due = await this.readStore.find<PostDigestDocument | LegacyPostDigest>(
        POST_DIGESTS,
        { dueAt: { $lte: now.toISOString() } },
        { sort: { dueAt: 1 }, limit: 200 },
      );
      for (const found of due) {
        const writes: ReadModelWrite[] = [
          { kind: 'delete', collection: POST_DIGESTS, id: found._id },
        ];
        try {
          const digest = currentDigest(found);
          const pending = digest.comments + digest.ratings + digest.replies > 0;
          if (pending && !this.tooOld(digest.dueAt)) {
            await this.sendDigest(
              digest,
              typeof found.window === 'number' ? String(found.window) : null,
            );
            const quiet: PostDigestDocument = {
              ...digest,
              dueAt: new Date(now.getTime() + DIGEST_WINDOW_MS).toISOString(),
              comments: 0,
              ratings: 0,
              replies: 0,
              commentIds: [],
              replyIds: [],
              waited: true,
            };
            writes.push({ kind: 'upsert', collection: POST_DIGESTS, document: quiet });
          }
        } catch (error) {
          this.logger.error(`Digest for post ${found.postId} failed`, error);
        }
        // Kept at the position it has (the subscription moves it on).
        const committed = this.subscription.position;
        if (committed === null) break;
        await this.readStore.commit(writes, { name: CHECKPOINT, position: committed });
      }
      return due.length;
    });
  }

  /**
   * Mails the digest's news with the recipient's preferences (nothing when they turned it all
   * off); `legacyWindow` names the stream of a digest kept before digests were per member.
   */
  private async sendDigest(digest: PostDigestDocument, legacyWindow: string | null): Promise<void> {
    const [recipient, post] = await Promise.all([
      this.user(digest.recipientId),
      this.readStore.findOne<PostDocument>(POSTS, { _id: digest.postId }),
    ]);
    if (!recipient || recipient.status === 'banned' || !post || !shownTo(post, recipient)) {
      return;
    }
    const live = await liveComments(this.readStore, digest);
    const commentsOn = recipient.emailNotificationsComment !== false;
    const counts = {
      comments: commentsOn ? live.comments : 0,
      ratings: recipient.emailNotificationsRating === false ? 0 : digest.ratings,
      replies: commentsOn ? live.replies : 0,
    };
    if (counts.comments + counts.ratings + counts.replies === 0) return;
    const message = postActivityMail(this.config.publicUrl, recipient.email, digest.postId, {
      ...counts,
      since: digest.waited ? 'last-mail' : null,
    });
    const streamId = legacyWindow
      ? `notification-post-${digest.postId}-${legacyWindow}`
      : `notification-post-${digest.postId}-${digest.recipientId}-${Date.parse(digest.dueAt)}`;
    // Sent before (a crash between the mail and this commit): it is not sent again.
    await this.sendOnce(streamId, null, [message], {
      postId: digest.postId,
      kind: 'PostActivity',
      ...counts,
      recipients: 1,
    });
  }

  /**
   * A purchase's receipt to the buyer's account address (transactional: no switch turns it
   * off). A visitor's donation names no account, and Stripe's own receipt goes to the address
   * given at checkout.
   */
  private async mailReceipt(
    event:
      | RecordedEvent<'BoostPurchased', BoostPurchased['data']>
      | RecordedEvent<'DonationReceived', DonationReceived['data']>,
  ): Promise<void> {
    const { userId } = event.data;
    const buyer = userId ? await this.user(userId) : null;
    if (!buyer) return;
    const item = event.type === 'BoostPurchased' ? event.data.boostType : 'donation';
    const message = receiptMail(this.config.publicUrl, buyer.email, {
      item,
      amount: event.data.amount,
      currency: event.data.currency,
      paidAt: event.metadata.at,
      receiptNumber: event.data.receiptNumber ?? null,
      receiptUrl: event.data.receiptUrl,
    });
    await this.sendOnce(`notification-${event.id}`, event, [message], {
      sourceEventId: event.id,
      kind: 'Receipt',
      recipients: 1,
    });
  }

  /** Tells the author, once, that a moderator removed their post and why. */
  private async mailRemoval(event: RecordedEvent<'PostRemoved', PostRemoved['data']>) {
    const [author, post, boosts] = await Promise.all([
      this.user(event.data.authorId),
      this.readStore.findOne<PostDocument>(POSTS, { _id: event.data.postId }),
      // The boost running at the removal: still so, or ended by it (whichever is projected).
      this.readStore.find<BoostDocument>(BOOSTS, {
        postId: event.data.postId,
        status: { $in: ['active', 'expired'] },
      }),
    ]);
    if (!author) return;
    const running = boosts.find(
      (boost) => boost.status === 'active' || boost.endedBy === 'post_removed',
    );
    const message = postRemovedMail(
      this.config.publicUrl,
      author.email,
      post?.createdAt ?? event.metadata.at,
      event.data.reason,
      running?.boostType ?? null,
    );
    await this.sendOnce(`notification-${event.id}`, event, [message], {
      sourceEventId: event.id,
      kind: event.type,
      recipients: 1,
    });
  }

  private sendOnce(
    streamId: string,
    cause: RecordedEvent | null,
    mails: MailMessage[],
    data: Record<string, unknown>,
  ): Promise<boolean> {
    const at = this.writes.now();
    const { eventStore, mail } = this;
    return sendNotificationOnce({ eventStore, mail, at }, streamId, cause, mails, data);
  }

  /**
   * The account to mail, if its address is proven: nothing goes to an address nobody opened a
   * link at (an account registered on an address another account holds never proves it).
   */
  private async user(userId: string): Promise<UserDocument | null> {
    const user = await this.readStore.findOne<UserDocument>(USERS, { _id: userId });
    return user?.emailVerified ? user : null;
  }
}
