import type { QueryBus } from '@nestjs/cqrs';
import { GetBoardQuery } from '../../application/community/get-board/get-board.query';
import { GetWeeklyBoardQuery } from '../../application/community/get-weekly-board/get-weekly-board.query';
import type { BoardAnswer, BoardAnswers } from './board-answers';
import type { BoardQueryDto, PageQueryDto } from './community.dto';

/**
 * The boards' pages as the api answers them, kept by `BoardAnswers`: read by their controllers
 * and by the server's render of the board page (api/ssr), so both send the same page.
 */

/** `GET /api/posts`: a page of the general board. */
export function generalBoardAnswer(
  boards: BoardAnswers,
  queryBus: QueryBus,
  query: BoardQueryDto,
): Promise<BoardAnswer> {
  const sort = query.sort ?? 'recent';
  const params = { sort, q: query.q, limit: query.limit, cursor: query.cursor };
  return boards.answer('/api/posts', params, () =>
    queryBus.execute(new GetBoardQuery(sort, query.q, query.limit, query.cursor)),
  );
}

/** `GET /api/leaderboard/weekly`: a page of this week's board. */
export function weeklyBoardAnswer(
  boards: BoardAnswers,
  queryBus: QueryBus,
  query: PageQueryDto,
): Promise<BoardAnswer> {
  const params = { q: query.q, limit: query.limit, cursor: query.cursor };
  return boards.answer('/api/leaderboard/weekly', params, () =>
    queryBus.execute(new GetWeeklyBoardQuery(query.q, query.limit, query.cursor)),
  );
}
