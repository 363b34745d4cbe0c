import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { postRatingDecider, voteStreamId } from '../../../domain/post-rating/post-rating.decider';
import { waitsOnlyForAge } from '../../../domain/post-rating/vote-standing';
import { StreamWrites } from '../../shared/stream-writes';
import { PostReads } from '../post-reads';
import { GetUserRatingQuery, type OwnRating } from './get-user-rating.query';

/**
 * The score a user gave a post they may see, or null; read from the rating's own stream. A young
 * account's rating that does not count yet says when it will.
 */
@QueryHandler(GetUserRatingQuery)
export class GetUserRatingHandler implements IQueryHandler<GetUserRatingQuery, OwnRating | null> {
  constructor(
    private readonly writes: StreamWrites,
    private readonly reads: PostReads,
  ) {}

  async execute({ postId, userId }: GetUserRatingQuery): Promise<OwnRating | null> {
    await this.reads.visiblePost(postId, userId);
    const { state } = await this.writes.load(postRatingDecider, voteStreamId(postId, userId));
    if (state.status !== 'rated') return null;
    const countsFrom = state.counted ? null : waitsOnlyForAge(state.heldOut, state.countsFrom);
    return { score: state.score, countsFrom };
  }
}
