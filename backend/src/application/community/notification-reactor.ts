import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CommentPosted } from '../../domain/comment/comment.decider';
import type { WeeklyCompetitionClosed } from '../../domain/competition/weekly-competition.decider';
import type { Rated } from '../../domain/post-rating/post-rating.decider';
import type { RecordedEvent } from '../../domain/shared/event';
import { APP_CONFIG } from '../../config/config.provider';
import type { AppConfig } from '../../config/config';
import {
  EVENT_STORE,
  type EventStore,
  type Subscription,
  WrongExpectedVersionError,
} from '../ports/event-store.port';
import { MAIL_SENDER, type MailMessage, type MailSender } from '../ports/mail.port';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import { POSTS, type PostDocument } from '../../projections/posts/posts.projection';
import { USERS, type UserDocument } from '../../projections/users/users.projection';
import { CLOCK, type Clock } from '../shared/clock';
import { postCommentedMail, postRatedMail, weeklyWinnerMail } from './community-mails';

const CHECKPOINT = 'reactor:notifications';
/** A notification is timely or not sent: a replay of old history (after a rebuild) mails nobody. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
const HANDLED = new Set(['Rated', 'CommentPosted', 'WeeklyCompetitionClosed']);

type Handled =
  | RecordedEvent<'Rated', Rated['data']>
  | RecordedEvent<'CommentPosted', CommentPosted['data']>
  | RecordedEvent<'WeeklyCompetitionClosed', WeeklyCompetitionClosed['data']>;

/**
 * Mails authors when their post is rated or commented on, and the week's top 5 when a week
 * closes, each only with the matching preference on. It reads the log from its own checkpoint,
 * and each notification is recorded in a stream of its own (`notification-<event id>`, appended
 * with `no_stream`) before it is sent, so a restart, a replay or a second worker never mails
 * twice. Runs where the projections run (under their lease).
 */
@Injectable()
export class NotificationReactor {
  private readonly logger = new Logger('Notifications');
  private subscription: Subscription | null = null;
  private sinceCheckpoint = 0;
  private working: Promise<void> = Promise.resolve();
  private running = false;
  private restartTimer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async start(): Promise<void> {
    this.running = true;
    await this.subscribe();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    await this.subscription?.stop();
    this.subscription = null;
    await this.working.catch(() => undefined);
  }

  private async subscribe(): Promise<void> {
    // Never run before (or the read models were rebuilt): what is already in the log is history,
    // not news, so start at its head.
    const after =
      (await this.readStore.getCheckpoint(CHECKPOINT)) ??
      (await this.eventStore.headPosition()) ??
      undefined;
    this.subscription = this.eventStore.subscribeToAll(
      { after },
      (event) => {
        this.working = this.handle(event);
        return this.working;
      },
      (error) => this.recover(error),
    );
  }

  /** A failed subscription (or checkpoint write) resumes from the stored checkpoint. */
  private recover(error: unknown) {
    this.logger.error('Notification subscription stopped; resuming from its checkpoint', error);
    const failed = this.subscription;
    this.subscription = null;
    void failed?.stop().catch(() => undefined);
    if (!this.running || this.restartTimer) return;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (!this.running) return;
      this.subscribe().catch((failure: unknown) => this.recover(failure));
    }, 1000);
  }

  private async handle(event: RecordedEvent): Promise<void> {
    if (HANDLED.has(event.type)) {
      try {
        await this.notify(event as Handled);
      } catch (error) {
        // A mail that cannot be sent is logged, never retried into a loop.
        this.logger.error(`Notification for ${event.type} ${event.id} failed`, error);
      }
      await this.saveCheckpoint(event.position);
    } else if (++this.sinceCheckpoint >= 500) {
      await this.saveCheckpoint(event.position);
    }
  }

  private async saveCheckpoint(position: bigint) {
    this.sinceCheckpoint = 0;
    await this.readStore.commit([], { name: CHECKPOINT, position });
  }

  private async notify(event: Handled): Promise<void> {
    if (this.clock.now().getTime() - Date.parse(event.metadata.at) > MAX_AGE_MS) return;
    const mails = await this.mailsFor(event);
    if (mails.length === 0) return;
    try {
      await this.eventStore.appendToStream(
        `notification-${event.id}`,
        [
          {
            id: event.id,
            type: 'NotificationSent',
            data: { sourceEventId: event.id, kind: event.type, recipients: mails.length },
            metadata: {
              actor: { type: 'system', id: 'notifications' },
              correlationId: event.metadata.correlationId,
              causationId: event.id,
              at: this.clock.now().toISOString(),
            },
          },
        ],
        { expectedRevision: 'no_stream' },
      );
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) return; // sent before
      throw error;
    }
    for (const message of mails) await this.mail.send(message);
  }

  private async mailsFor(event: Handled): Promise<MailMessage[]> {
    const publicUrl = this.config.publicUrl;
    switch (event.type) {
      case 'Rated': {
        const author = await this.user(event.data.authorId);
        if (!author || author.emailNotificationsRating === false) return [];
        return [postRatedMail(publicUrl, author.email, event.data.postId, event.data.score)];
      }
      case 'CommentPosted': {
        // The commenter has erased their account meanwhile: the comment is gone with it.
        if (typeof event.data.text !== 'string') return [];
        const post = await this.readStore.findOne<PostDocument>(POSTS, { _id: event.data.postId });
        if (!post || post.authorId === event.data.userId) return [];
        const author = await this.user(post.authorId);
        if (!author || author.emailNotificationsComment === false) return [];
        const commenter = await this.user(event.data.userId);
        const name = commenter?.displayUsername ?? commenter?.anonymousUsername ?? 'Someone';
        return [postCommentedMail(publicUrl, author.email, post._id, name, event.data.text)];
      }
      case 'WeeklyCompetitionClosed': {
        const mails: MailMessage[] = [];
        for (const winner of event.data.winners) {
          const user = await this.user(winner.userId);
          if (!user || user.emailNotificationsAchievements === false) continue;
          mails.push(
            weeklyWinnerMail(publicUrl, user.email, winner.postId, winner.rank, event.data.week),
          );
        }
        return mails;
      }
      default:
        return [];
    }
  }

  private user(userId: string): Promise<UserDocument | null> {
    return this.readStore.findOne<UserDocument>(USERS, { _id: userId });
  }
}
