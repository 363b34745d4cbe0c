import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import {
  GetClosedWeekQuery,
  GetClosedWeeksQuery,
  GetWeeklyBoardQuery,
} from '../../application/community/community.queries';
import { PageQueryDto } from './community.dto';
import { BoardAnswers, sendBoardAnswer } from './board-answers';
import { toWeekResponse, type WeekResponse } from './post.view';

/** This week's board and the archive of closed weeks. */
@Controller('api/leaderboard')
export class LeaderboardController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly boards: BoardAnswers,
  ) {}

  @Get('weekly')
  async weekly(@Query() query: PageQueryDto, @Res() response: Response): Promise<void> {
    const params = { q: query.q, limit: query.limit, cursor: query.cursor };
    const answer = await this.boards.answer('/api/leaderboard/weekly', params, () =>
      this.queryBus.execute(new GetWeeklyBoardQuery(query.q, query.limit, query.cursor)),
    );
    sendBoardAnswer(response, answer);
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
