import type {
  WeeklyCompetitionClosed,
  WeeklyWinner,
} from '../../domain/competition/weekly-competition.decider';
import { isoWeek, startOfIsoWeek, WEEK_MS } from '../../domain/competition/iso-week';
import type { PostPublished } from '../../domain/post/post.events';
import type { RecordedEvent } from '../../domain/shared/event';
import type { AccountErased } from '../../domain/user/user.events';
import type { ReadDocument } from '../read-model';
import type { Projection } from '../projection';

export const WEEKLY_COMPETITIONS = 'weekly_competitions';

/**
 * One document per week that had posts: whether its competition is closed yet, and once it is,
 * the winners frozen in the closing event (so a rebuild reproduces the archive exactly).
 */
export interface WeeklyCompetitionDocument extends ReadDocument {
  startsAt: string;
  endsAt: string;
  closed: boolean;
  closedAt: string | null;
  winners: WeeklyWinner[];
}

type Handled =
  | RecordedEvent<'PostPublished', PostPublished['data']>
  | RecordedEvent<'WeeklyCompetitionClosed', WeeklyCompetitionClosed['data']>
  | RecordedEvent<'AccountErased', AccountErased['data']>;

export const weeklyCompetitionsProjection: Projection<WeeklyCompetitionDocument> = {
  collection: WEEKLY_COMPETITIONS,
  handles: ['PostPublished', 'WeeklyCompetitionClosed', 'AccountErased'],
  indexes: [{ keys: { closed: 1 } }],

  documentId(recorded) {
    const event = recorded as Handled;
    if (event.type === 'WeeklyCompetitionClosed') {
      return typeof event.data?.week === 'string' ? event.data.week : null;
    }
    if (event.type === 'AccountErased') {
      const weeks = event.data?.archivedWeeks;
      return Array.isArray(weeks) ? weeks.filter((w): w is string => typeof w === 'string') : null;
    }
    const at = new Date(recorded.metadata.at);
    return Number.isNaN(at.getTime()) ? null : isoWeek(at);
  },

  apply(week, recorded) {
    const event = recorded as Handled;
    if (event.type === 'PostPublished') {
      if (week) return week;
      const id = isoWeek(new Date(recorded.metadata.at));
      const startsAt = startOfIsoWeek(id);
      return {
        _id: id,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + WEEK_MS).toISOString(),
        closed: false,
        closedAt: null,
        winners: [],
      };
    }
    if (event.type === 'AccountErased') {
      // An erased account leaves the archive; the others keep the ranks they won.
      if (!week) return null;
      const winners = week.winners.filter((winner) => winner.userId !== event.data.userId);
      return winners.length === week.winners.length ? week : { ...week, winners };
    }
    const { week: id, startsAt, endsAt, winners } = event.data;
    return {
      _id: id,
      startsAt,
      endsAt,
      closed: true,
      closedAt: recorded.metadata.at,
      winners,
    };
  },
};
