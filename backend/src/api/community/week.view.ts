import { ApiProperty } from '@nestjs/swagger';
import type { WeeklyCompetitionDocument } from '../../projections/weekly-competitions/weekly-competitions.projection';
import { ratingText } from './post.view';

/** One of a closed week's top 5, frozen when the week closed. */
export class WeeklyWinnerResponse {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 5 })
  rank!: number;

  @ApiProperty({ format: 'uuid' })
  postId!: string;

  @ApiProperty({ format: 'uuid' })
  userId!: string;

  /** The author's anonymous username */
  username!: string;

  displayUsername!: string | null;

  imageUrl!: string;

  thumbnailUrl!: string;

  @ApiProperty({ type: String, example: '7.5' })
  averageRating!: string | null;

  @ApiProperty({ type: 'integer', minimum: 0 })
  voteCount!: number;
}

/** A closed weekly competition (ISO week, Monday 00:00 UTC to the next Monday). */
export class WeekResponse {
  @ApiProperty({ example: '2026-W47' })
  week!: string;

  @ApiProperty({ format: 'date-time' })
  startsAt!: string;

  @ApiProperty({ format: 'date-time' })
  endsAt!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  closedAt!: string | null;

  winners!: WeeklyWinnerResponse[];
}

export function toWeekResponse(week: WeeklyCompetitionDocument): WeekResponse {
  return {
    week: week._id,
    startsAt: week.startsAt,
    endsAt: week.endsAt,
    closedAt: week.closedAt,
    winners: week.winners.map((winner) => ({
      ...winner,
      averageRating: ratingText(winner.averageRating),
    })),
  };
}
