import { Query } from '@nestjs/cqrs';
import type { LikeTarget } from '../../../domain/like/like.decider';

export class GetLikedQuery extends Query<boolean> {
  constructor(
    readonly target: LikeTarget,
    readonly targetId: string,
    readonly userId: string,
  ) {
    super();
  }
}
