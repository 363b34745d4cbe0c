import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiQuery } from '@nestjs/swagger';
import { GetHomeSummaryQuery } from '../../application/community/get-home-summary/get-home-summary.query';
import { GetWeeklyStandingQuery } from '../../application/community/get-weekly-standing/get-weekly-standing.query';
import { Refusals } from '../shared/openapi';
import { PostResponse, toPostResponse } from './post.view';

export class WeeklyStandingResponse {
  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: 100,
    description: 'Percent of this week’s rated posts rated below the score; null when none',
  })
  betterThanPercent!: number | null;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description: 'The rank on this week’s board a post of this score would take if posted now',
  })
  weeklyRankIfPosted!: number;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'This week’s rated posts' })
  weeklyPostCount!: number;
}

export class HomeSummaryResponse {
  @ApiProperty({
    type: PostResponse,
    isArray: true,
    description: 'This week’s best three rated posts, each with its rank',
  })
  top!: PostResponse[];

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Posts published this week' })
  weeklyPostCount!: number;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'Community votes that began to count this week, as the boards add them up',
  })
  weeklyVoteCount!: number;
}

/** This ISO week at a glance: where a score stands, and the home page's summary. Public. */
@Controller('api')
export class ThisWeekController {
  constructor(private readonly queryBus: QueryBus) {}

  @ApiOperation({
    summary: 'Where a score stands this ISO week, and the rank it would take if posted now',
  })
  @ApiQuery({ name: 'score', example: '7.7', description: '0–10, at most one decimal' })
  @ApiOkResponse({ type: WeeklyStandingResponse })
  @Refusals({ 400: 'A score that is not a number from 0 to 10 with at most one decimal' })
  @Get('leaderboard/standing')
  standing(@Query('score') score: unknown): Promise<WeeklyStandingResponse> {
    return this.queryBus.execute(
      new GetWeeklyStandingQuery(typeof score === 'string' ? score : undefined),
    );
  }

  @ApiOperation({ summary: 'This ISO week for the home page: its top three and its counts' })
  @ApiOkResponse({ type: HomeSummaryResponse })
  @Get('home/summary')
  summary(): Promise<HomeSummaryResponse> {
    return homeSummaryAnswer(this.queryBus);
  }
}

/** The home page's summary as the api answers it (the server's render reads it in process too). */
export async function homeSummaryAnswer(queryBus: QueryBus): Promise<HomeSummaryResponse> {
  const summary = await queryBus.execute(new GetHomeSummaryQuery());
  return { ...summary, top: summary.top.map(toPostResponse) };
}
