import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotModifiedResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import type { Response } from 'express';
import { GetClosedWeekQuery } from '../../application/community/get-closed-week/get-closed-week.query';
import { GetClosedWeeksQuery } from '../../application/community/get-closed-weeks/get-closed-weeks.query';
import { PageQueryDto } from './community.dto';
import { Refusals } from '../shared/openapi';
import { BOARD_PAGE_HEADERS, BoardAnswers, sendBoardAnswer } from './board-answers';
import { weeklyBoardAnswer } from './board-reads';
import { PostResponse } from './post.view';
import { toWeekResponse, WeekResponse } from './week.view';

/** This week's board and the archive of closed weeks. */
@Controller('api/leaderboard')
export class LeaderboardController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly boards: BoardAnswers,
  ) {}

  @ApiOperation({
    summary: 'This ISO week’s board (from Monday 00:00 UTC), best rated first, each with its rank',
  })
  @ApiOkResponse({ type: PostResponse, isArray: true, headers: BOARD_PAGE_HEADERS })
  @ApiNotModifiedResponse({ description: 'The page is unchanged since the `If-None-Match` ETag' })
  @Refusals({ 400: 'A query parameter out of range, or a cursor that is not ours' })
  @Get('weekly')
  async weekly(@Query() query: PageQueryDto, @Res() response: Response): Promise<void> {
    sendBoardAnswer(response, await weeklyBoardAnswer(this.boards, this.queryBus, query));
  }

  @ApiOperation({ summary: 'The closed weeks with their frozen top 5, newest first' })
  @ApiOkResponse({ type: WeekResponse, isArray: true })
  @Get('weeks')
  async weeks(): Promise<WeekResponse[]> {
    return (await this.queryBus.execute(new GetClosedWeeksQuery())).map(toWeekResponse);
  }

  @ApiOperation({ summary: 'A closed week with its frozen top 5' })
  @ApiParam({ name: 'week', description: 'An ISO week', example: '2026-W47' })
  @ApiOkResponse({ type: WeekResponse })
  @Refusals({ 400: 'Not an ISO week like 2026-W47', 404: 'No closed competition for that week' })
  @Get('weeks/:week')
  async week(@Param('week') week: string): Promise<WeekResponse> {
    return toWeekResponse(await this.queryBus.execute(new GetClosedWeekQuery(week)));
  }
}
