import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CommentPosted } from '../../domain/comment/comment.decider';
import type { WeeklyCompetitionClosed } from '../../domain/competition/weekly-competition.decider';
import type { Rated } from '../../domain/post-rating/post-rating.decider';
import type { RecordedEvent } from '../../domain/shared/event';
import { APP_CONFIG } from '../../config/config.provider';
import type { AppConfig } from '../../config/config';
import {
  CheckpointedSubscription,
  readStoreCheckpoint,
  type SubscriberProgress,
} from '../ports/checkpointed-subscription';
import { WrongExpectedVersionError } from '../ports/event-store.port';
import { MAIL_SENDER, type MailMessage, type MailSender } from '../ports/mail.port';
import {
  READ_STORE,
  type ReadDocument,
  type ReadModelWrite,
  type ReadStore,
} from '../ports/read-store.port';
import { POSTS, type PostDocument } from '../../projections/posts/posts.projection';
import { USERS, type UserDocument } from '../../projections/users/users.projection';
import { postActivityMail, weeklyWinnerMail } from './community-mails';
import { StreamWrites } from '../shared/stream-writes';

const CHECKPOINT = 'reactor:notifications';
/** A notification is timely or not sent: a replay of old history (after a rebuild) mails nobody. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
const HANDLED = new Set(['Rated', 'CommentPosted', 'WeeklyCompetitionClosed']);
/** An author hears of a post's new ratings and comments at most once per quarter hour. */
export const DIGEST_WINDOW_MS = 15 * 60 * 1000;
/** How often the worker looks for quarter hours that have ended. */
const DIGEST_SWEEP_MS = 30_000;
/** Pending post digests: the reactor's own state, written with its checkpoint. */
export const POST_DIGESTS = 'notification_post_digests';

/**
 * What came in for one post in one quarter hour (clock-aligned, from the events' own times),
 * mailed to its author when the quarter hour is over.
 */
export interface PostDigestDocument extends ReadDocument {
  _id: string;
  postId: string;
  authorId: string;
  /** The quarter hour's number since the epoch. */
  window: number;
  dueAt: string;
  comments: number;
  ratings: number;
}

type Handled =
  | RecordedEvent<'Rated', Rated['data']>
  | RecordedEvent<'CommentPosted', CommentPosted['data']>
  | RecordedEvent<'WeeklyCompetitionClosed', WeeklyCompetitionClosed['data']>;

/**
 * Mails authors about their posts' new ratings and comments, and the week's top 5 when a week
 * closes, each only with the matching preference on. It reads the log from its own checkpoint.
 *
 * Ratings and comments are not mailed one by one (forty comments in a few seconds would be forty
 * mails quoting whoever wrote them): each is counted into its post's digest for the quarter hour
 * it happened in, in the same atomic write as the checkpoint, so a restart neither loses nor
 * double-counts one. When the quarter hour is over, one mail says how many came in. Every mail
 * is recorded in a stream of its own before it is sent (`notification-<event id>`, or
 * `notification-post-<post>-<quarter hour>`, appended with `no_stream`), so a restart, a replay
 * or a second worker never mails twice. Runs where the projections run (under their lease).
 */
@Injectable()
export class NotificationReactor {
  private readonly logger = new Logger('Notifications');
  /**
   * From its checkpoint; never run before (or the read models were rebuilt), it starts at the
   * log's head: what is already in the log is history, not news.
   */
  private readonly subscription: CheckpointedSubscription;
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly writes: StreamWrites,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.subscription = new CheckpointedSubscription(
      writes.eventStore,
      ([event]) => this.handle(event),
      {
        name: 'Notification subscription',
        checkpoint: readStoreCheckpoint(readStore, CHECKPOINT),
        from: 'head',
        logger: this.logger,
      },
    );
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
    this.sweepTimer = setInterval(() => {
      this.sendDue().catch((error: unknown) =>
        this.logger.error('Sending post digests failed', error),
      );
    }, DIGEST_SWEEP_MS);
    this.sweepTimer.unref();
  }

  async stop(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
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
        return this.countIn(event, event.data.postId, event.data.authorId, 'ratings');
      case 'CommentPosted': {
        // The commenter has erased their account meanwhile: the comment is gone with it.
        if (typeof event.data.text !== 'string') return [];
        const post = await this.readStore.findOne<PostDocument>(POSTS, { _id: event.data.postId });
        if (!post || post.authorId === event.data.userId) return [];
        return this.countIn(event, post._id, post.authorId, 'comments');
      }
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

  private async countIn(
    event: RecordedEvent,
    postId: string,
    authorId: string,
    what: 'comments' | 'ratings',
  ): Promise<ReadModelWrite[]> {
    const window = Math.floor(Date.parse(event.metadata.at) / DIGEST_WINDOW_MS);
    if (!Number.isFinite(window)) return [];
    const id = `${postId}:${window}`;
    const current = await this.readStore.findOne<PostDigestDocument>(POST_DIGESTS, { _id: id });
    const digest: PostDigestDocument = current
      ? { ...current }
      : {
          _id: id,
          postId,
          authorId,
          window,
          dueAt: new Date((window + 1) * DIGEST_WINDOW_MS).toISOString(),
          comments: 0,
          ratings: 0,
        };
    digest[what] += 1;
    return [{ kind: 'upsert', collection: POST_DIGESTS, document: digest }];
  }

  /**
   * Mails every post digest whose quarter hour is over, one mail per post, and forgets it.
   * The worker runs it every half minute; answers how many digests it took.
   */
  sendDue(): Promise<number> {
    return this.subscription.exclusive(async () => {
      const now = this.writes.now();
      const due = await this.readStore.find<PostDigestDocument>(
        POST_DIGESTS,
        { dueAt: { $lte: now.toISOString() } },
        { sort: { dueAt: 1 }, limit: 200 },
      );
      for (const digest of due) {
        const writes: ReadModelWrite[] = [
          { kind: 'delete', collection: POST_DIGESTS, id: digest._id },
        ];
        try {
          if (!this.tooOld(digest.dueAt) && (await this.sendDigest(digest)) === 'sent before') {
            writes.push(await this.carriedOver(digest, now));
          }
        } catch (error) {
          this.logger.error(`Digest for post ${digest.postId} failed`, error);
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
   * A rating or comment counted after its quarter hour's mail went out (the reactor was behind
   * the sweep): it goes into the post's digest of the quarter hour running now, so it is told
   * in the next mail instead of lost, and that mail still comes a quarter hour after the last.
   */
  private async carriedOver(digest: PostDigestDocument, now: Date): Promise<ReadModelWrite> {
    const window = Math.max(Math.floor(now.getTime() / DIGEST_WINDOW_MS), digest.window + 1);
    const id = `${digest.postId}:${window}`;
    const next = await this.readStore.findOne<PostDigestDocument>(POST_DIGESTS, { _id: id });
    return {
      kind: 'upsert',
      collection: POST_DIGESTS,
      document: {
        ...(next ?? {
          _id: id,
          postId: digest.postId,
          authorId: digest.authorId,
          window,
          dueAt: new Date((window + 1) * DIGEST_WINDOW_MS).toISOString(),
        }),
        comments: (next?.comments ?? 0) + digest.comments,
        ratings: (next?.ratings ?? 0) + digest.ratings,
      } satisfies PostDigestDocument,
    };
  }

  private async sendDigest(
    digest: PostDigestDocument,
  ): Promise<'sent' | 'sent before' | 'nothing to send'> {
    const author = await this.user(digest.authorId);
    if (!author) return 'nothing to send';
    const counts = {
      comments: author.emailNotificationsComment === false ? 0 : digest.comments,
      ratings: author.emailNotificationsRating === false ? 0 : digest.ratings,
    };
    if (counts.comments + counts.ratings === 0) return 'nothing to send';
    const message = postActivityMail(this.config.publicUrl, author.email, digest.postId, counts);
    const sent = await this.sendOnce(
      `notification-post-${digest.postId}-${digest.window}`,
      null,
      [message],
      {
        postId: digest.postId,
        kind: 'PostActivity',
        comments: counts.comments,
        ratings: counts.ratings,
        recipients: 1,
      },
    );
    return sent ? 'sent' : 'sent before';
  }

  /**
   * Records the notification in its own stream, then sends; one already recorded is not sent
   * (answers false).
   */
  private async sendOnce(
    streamId: string,
    cause: RecordedEvent | null,
    mails: MailMessage[],
    data: Record<string, unknown>,
  ): Promise<boolean> {
    if (mails.length === 0) return true;
    const id = cause?.id ?? randomUUID();
    try {
      await this.writes.eventStore.appendToStream(
        streamId,
        [
          {
            id,
            type: 'NotificationSent',
            data,
            metadata: {
              actor: { type: 'system', id: 'notifications' },
              correlationId: cause?.metadata.correlationId ?? id,
              causationId: cause?.id ?? id,
              at: this.writes.now().toISOString(),
            },
          },
        ],
        { expectedRevision: 'no_stream' },
      );
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) return false; // sent before
      throw error;
    }
    for (const message of mails) await this.mail.send(message);
    return true;
  }

  private user(userId: string): Promise<UserDocument | null> {
    return this.readStore.findOne<UserDocument>(USERS, { _id: userId });
  }
}
