import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import {
  GetClosedWeekQuery,
  GetClosedWeeksQuery,
  GetWeeklyBoardQuery,
} from '../../application/community/community.queries';
import { PageQueryDto } from './community.dto';
import { answerPage } from './posts.controller';
import { type PostResponse, toWeekResponse, type WeekResponse } from './post.view';

/** This week's board and the archive of closed weeks. */
@Controller('api/leaderboard')
export class LeaderboardController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('weekly')
  async weekly(
    @Query() query: PageQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PostResponse[]> {
    const page = await this.queryBus.execute(new GetWeeklyBoardQuery(query.limit, query.cursor));
    return answerPage(response, '/api/leaderboard/weekly', { limit: query.limit }, page);
  }

  @Get('weeks')
  async weeks(): Promise<WeekResponse[]> {
    return (await this.queryBus.execute(new GetClosedWeeksQuery())).map(toWeekResponse);
  }

  @Get('weeks/:week')
  async week(@Param('week') week: string): Promise<WeekResponse> {
    return toWeekResponse(await this.queryBus.execute(new GetClosedWeekQuery(week)));
  }
}
