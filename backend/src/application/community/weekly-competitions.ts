import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { isoWeek } from '../../domain/competition/iso-week';
import {
  weekStreamId,
  WINNERS_PER_WEEK,
  weeklyCompetitionDecider,
} from '../../domain/competition/weekly-competition.decider';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import {
  WEEKLY_COMPETITIONS,
  type WeeklyCompetitionDocument,
} from '../../projections/weekly-competitions/weekly-competitions.projection';
import { PostReads } from './post-reads';
import { StreamWrites } from '../shared/stream-writes';

/**
 * Closes weekly competitions: at Monday 00:00 UTC, and at every start for weeks missed while
 * the app was down. Runs where the projections run (under their lease), once they have caught
 * up with the log; each week's stream makes a second close a no-op.
 */
@Injectable()
export class WeeklyCompetitions {
  private readonly logger = new Logger('WeeklyCompetitions');
  private active = false;
  private closing: Promise<string[]> = Promise.resolve([]);

  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly writes: StreamWrites,
    private readonly reads: PostReads,
  ) {}

  /** Called with the projections caught up, by the process that holds their lease. */
  async start(): Promise<void> {
    this.active = true;
    await this.closeDueWeeks();
  }

  async stop(): Promise<void> {
    this.active = false;
    await this.closing.catch(() => undefined);
  }

  @Cron('0 0 0 * * 1', { timeZone: 'UTC' })
  async onMonday(): Promise<void> {
    if (this.active) await this.closeDueWeeks().catch((e: unknown) => this.logger.error(e));
  }

  /** Closes every week before the current one that had posts, oldest first; answers their names. */
  closeDueWeeks(): Promise<string[]> {
    this.closing = this.closing.catch(() => []).then(() => this.closeDue());
    return this.closing;
  }

  private async closeDue(): Promise<string[]> {
    const current = isoWeek(this.writes.now());
    const open = await this.readStore.find<WeeklyCompetitionDocument>(
      WEEKLY_COMPETITIONS,
      { closed: false },
      { sort: { _id: 1 } },
    );
    const closed: string[] = [];
    for (const week of open.filter((w) => w._id < current)) {
      const top = await this.reads.topOfWeek(week._id, WINNERS_PER_WEEK);
      const now = this.writes.now();
      await this.writes.decide(
        weekStreamId(week._id),
        weeklyCompetitionDecider,
        {
          type: 'CloseWeeklyCompetition',
          data: {
            week: week._id,
            startsAt: week.startsAt,
            endsAt: week.endsAt,
            winners: top.map(({ post, author }, index) => ({
              rank: index + 1,
              postId: post._id,
              userId: post.authorId,
              username: author?.anonymousUsername ?? '',
              displayUsername: author?.displayUsername ?? null,
              imageUrl: post.imageUrl,
              thumbnailUrl: post.thumbnailUrl,
              averageRating: post.averageRating,
              voteCount: post.voteCount,
            })),
          },
        },
        {
          actor: { type: 'system', id: 'weekly-competitions' },
          now,
          correlationId: `week-${week._id}`,
          causationId: `week-${week._id}`,
        },
      );
      this.logger.log(`Closed the weekly competition of ${week._id}`);
      closed.push(week._id);
    }
    return closed;
  }
}
