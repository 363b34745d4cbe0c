import { Query } from '@nestjs/cqrs';
import type { BoardSort } from '../post-reads';
import type { BoardPage } from '../post-views';

export class GetBoardQuery extends Query<BoardPage> {
  constructor(
    readonly sort: BoardSort,
    readonly search: string | undefined,
    readonly limit: number,
    readonly cursor: string | undefined,
  ) {
    super();
  }
}
