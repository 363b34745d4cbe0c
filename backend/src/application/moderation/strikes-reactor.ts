import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CommentRefused } from '../../domain/comment/comment.decider';
import type { PhotoRated, PhotoRejected } from '../../domain/photo-rating/photo-rating.events';
import type { ReportReviewed } from '../../domain/report/report.decider';
import { ConflictError, DomainError } from '../../domain/shared/errors';
import type { RecordedEvent } from '../../domain/shared/event';
import {
  STRIKING_PHOTO_REFUSALS,
  type StrikeCommand,
  type StrikePolicy,
  strikesDecider,
} from '../../domain/user/strikes.decider';
import type { StrikeCause } from '../../domain/user/strikes.events';
import { APP_CONFIG } from '../../config/config.provider';
import type { AppConfig } from '../../config/config';
import { accountStreams } from '../accounts/account-secrets';
import {
  CheckpointedSubscription,
  readStoreCheckpoint,
  type SubscriberProgress,
} from '../ports/checkpointed-subscription';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import { by } from '../shared/command-metadata';
import type { WithoutMetadata } from '../shared/decider-runner';
import { StreamWrites } from '../shared/stream-writes';

const CHECKPOINT = 'reactor:strikes';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Comment refusals that are strikes: a link from a new account is a rule of age, not a breach. */
const STRIKING_COMMENT_REFUSALS: ReadonlySet<string> = new Set(['offensive', 'repeated']);

type Handled =
  | RecordedEvent<'PhotoRejected', PhotoRejected['data']>
  | RecordedEvent<'ReportReviewed', ReportReviewed['data']>
  | RecordedEvent<'CommentRefused', CommentRefused['data']>;

/**
 * The upload that fixes a refused photo, if the event is one: the same signed-in account's
 * upload passed the photo check (one held for review did not pass).
 */
export function fixOf(event: RecordedEvent): { userId: string; ratingId: string } | null {
  if (event.type !== 'PhotoRated') return null;
  const { actor } = event.metadata;
  const data = event.data as PhotoRated['data'];
  if (actor.type !== 'user' || data.gate?.outcome === 'review') return null;
  return { userId: actor.id, ratingId: data.ratingId };
}

/** The strike an event is, if it is one: whose, named after the offence, and its cause. */
export function strikeOf(
  event: RecordedEvent,
): { userId: string; strikeId: string; cause: StrikeCause } | null {
  const e = event as Handled;
  switch (e.type) {
    case 'PhotoRejected': {
      // Only a signed-in uploader can be struck; a visitor's refusal has nobody to hold to it.
      const { actor } = e.metadata;
      if (actor.type !== 'user' || !STRIKING_PHOTO_REFUSALS.has(e.data.reason)) return null;
      const reason = e.data.reason as 'face_or_person' | 'nudity_or_explicit';
      return {
        userId: actor.id,
        strikeId: `photo:${e.data.ratingId}`,
        cause: { kind: 'photo_refused', ratingId: e.data.ratingId, reason },
      };
    }
    case 'ReportReviewed':
      // A report closed by the post's deletion judged nobody.
      if (e.data.status !== 'reviewed' || e.data.postDeleted) return null;
      // Several upheld reports of one post are one offence.
      return {
        userId: e.data.authorId,
        strikeId: `report:${e.data.postId}`,
        cause: { kind: 'report_upheld', postId: e.data.postId, reportId: e.data.reportId },
      };
    case 'CommentRefused':
      if (!STRIKING_COMMENT_REFUSALS.has(e.data.reason)) return null;
      return {
        userId: e.data.userId,
        strikeId: `comment:${e.data.commentId}`,
        cause: {
          kind: 'comment_refused',
          postId: e.data.postId,
          commentId: e.data.commentId,
          reason: e.data.reason,
        },
      };
    default:
      return null;
  }
}

/**
 * Turns refused photos, upheld reports and refused comments into strikes on the account's
 * stream, where the strikes decider also decides a suspension. It reads the log from its own
 * checkpoint, from the log's head at its first start (offences before strikes existed are not
 * held against anyone). A strike is named after its offence, so a replay or a second worker
 * records nothing twice. Runs where the projections run (under their lease).
 */
@Injectable()
export class StrikesReactor {
  private readonly logger = new Logger('Strikes');
  private readonly subscription: CheckpointedSubscription;
  private readonly policy: StrikePolicy;

  constructor(
    /** The log it follows. */
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(READ_STORE) readStore: ReadStore,
    private readonly writes: StreamWrites,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.policy = {
      strikes: config.strikes.limit,
      windowMs: config.strikes.windowDays * DAY_MS,
      suspensionMs: config.strikes.suspensionDays * DAY_MS,
    };
    this.subscription = new CheckpointedSubscription(eventStore, ([event]) => this.handle(event), {
      name: 'Strike subscription',
      checkpoint: readStoreCheckpoint(readStore, CHECKPOINT),
      from: 'head',
      recordHead: true,
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

  start(): Promise<void> {
    return this.subscription.start();
  }

  stop(): Promise<void> {
    return this.subscription.stop();
  }

  private async handle(event: RecordedEvent): Promise<[] | null> {
    const strike = strikeOf(event);
    const fix = fixOf(event);
    let command: WithoutMetadata<StrikeCommand>;
    if (strike !== null) {
      command = {
        type: 'RecordStrike',
        data: { ...strike, at: event.metadata.at, policy: this.policy },
      };
    } else if (fix !== null) {
      // A refusal fixed at once by an upload that passes does not count.
      command = { type: 'WithdrawFixedStrike', data: { ...fix, passedAt: event.metadata.at } };
    } else {
      return null;
    }
    const userId = strike?.userId ?? fix?.userId ?? '';
    try {
      await this.writes.decide(accountStreams.user(userId), strikesDecider, command, {
        ...by.system('strikes', event.metadata.correlationId),
        causationId: event.id,
      });
    } catch (error) {
      // A decision the domain refuses will be refused again: logged, not retried for ever.
      // Anything else (the store, a stream too busy to append to) throws, and the subscription
      // resumes from its checkpoint.
      if (!(error instanceof DomainError) || error instanceof ConflictError) throw error;
      this.logger.error(`Strike for ${event.type} ${event.id} refused: ${error.message}`);
    }
    return [];
  }
}
