import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { postRatingDecider, voteStreamId } from '../../../domain/post-rating/post-rating.decider';
import { CommunityWrites } from '../community-writes';
import { GetUserRatingQuery } from './get-user-rating.query';

/** The score a user gave a post they may see, or null; read from the rating's own stream. */
@QueryHandler(GetUserRatingQuery)
export class GetUserRatingHandler implements IQueryHandler<GetUserRatingQuery, number | null> {
  constructor(private readonly community: CommunityWrites) {}

  async execute({ postId, userId }: GetUserRatingQuery): Promise<number | null> {
    await this.community.reads.visiblePost(postId, userId);
    const state = await this.community.load(postRatingDecider, voteStreamId(postId, userId));
    return state.status === 'rated' ? state.score : null;
  }
}
