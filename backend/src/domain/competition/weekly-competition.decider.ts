import { assertNever, type Decider } from '../shared/decider';
import type { DomainEvent } from '../shared/event';

/**
 * A week's competition closes once (`week-<YYYY-Www>`, appended with `no_stream`): a second
 * worker, or a restart that closes missed weeks, finds it closed and decides nothing. The
 * winners are frozen in the event, so the archive never changes afterwards and a rebuild of
 * the read models reproduces it exactly.
 */
export const WINNERS_PER_WEEK = 5;

export interface WeeklyWinner {
  rank: number;
  postId: string;
  userId: string;
  username: string;
  displayUsername: string | null;
  imageUrl: string;
  thumbnailUrl: string;
  averageRating: number | null;
  voteCount: number;
}

export type WeeklyCompetitionClosed = DomainEvent<
  'WeeklyCompetitionClosed',
  { week: string; startsAt: string; endsAt: string; winners: WeeklyWinner[] }
>;

export type WeeklyCompetitionState = { closed: boolean };

export interface CloseWeeklyCompetition {
  type: 'CloseWeeklyCompetition';
  data: { week: string; startsAt: string; endsAt: string; winners: WeeklyWinner[] };
}

export function weekStreamId(week: string): string {
  return `week-${week}`;
}

export const weeklyCompetitionDecider: Decider<
  CloseWeeklyCompetition,
  WeeklyCompetitionState,
  WeeklyCompetitionClosed
> = {
  initialState: { closed: false },

  decide(command, state) {
    switch (command.type) {
      case 'CloseWeeklyCompetition': {
        if (state.closed) return [];
        const winners = command.data.winners
          .slice(0, WINNERS_PER_WEEK)
          .map((winner, index) => ({ ...winner, rank: index + 1 }));
        return [{ type: 'WeeklyCompetitionClosed', data: { ...command.data, winners } }];
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve(_state, event) {
    switch (event.type) {
      case 'WeeklyCompetitionClosed':
        return { closed: true };
      default:
        return assertNever(event.type);
    }
  },
};
