import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { BoardPage } from '../post-views';
import { PostReads } from '../post-reads';
import { GetBoardQuery } from './get-board.query';

@QueryHandler(GetBoardQuery)
export class GetBoardHandler implements IQueryHandler<GetBoardQuery, BoardPage> {
  constructor(private readonly reads: PostReads) {}
  execute(query: GetBoardQuery): Promise<BoardPage> {
    return this.reads.board(query);
  }
}
