import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { BoardPage } from '../post-views';
import { PostReads } from '../post-reads';
import { GetWeeklyBoardQuery } from './get-weekly-board.query';

@QueryHandler(GetWeeklyBoardQuery)
export class GetWeeklyBoardHandler implements IQueryHandler<GetWeeklyBoardQuery, BoardPage> {
  constructor(private readonly reads: PostReads) {}
  execute(query: GetWeeklyBoardQuery): Promise<BoardPage> {
    return this.reads.weekly(query);
  }
}
