import { Query } from '@nestjs/cqrs';
import type { BoardPage } from '../post-views';

export class GetWeeklyBoardQuery extends Query<BoardPage> {
  constructor(
    readonly search: string | undefined,
    readonly limit: number,
    readonly cursor: string | undefined,
  ) {
    super();
  }
}
