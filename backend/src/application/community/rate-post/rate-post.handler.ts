import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { postRatingDecider, voteStreamId } from '../../../domain/post-rating/post-rating.decider';
import { CommunityWrites } from '../community-writes';
import { PostReads } from '../post-reads';
import { RatePostCommand, type RatingOutcome } from './rate-post.command';

/** A member rates another member's post, once (the vote's own stream decides). */
@CommandHandler(RatePostCommand)
export class RatePostHandler implements ICommandHandler<RatePostCommand, RatingOutcome> {
  constructor(
    private readonly writes: CommunityWrites,
    private readonly reads: PostReads,
  ) {}

  async execute({ userId, postId, score, correlationId }: RatePostCommand): Promise<RatingOutcome> {
    const post = await this.reads.visiblePost(postId, userId);
    const decided = await this.writes.decide(
      postRatingDecider,
      voteStreamId(postId, userId),
      { type: 'RatePost', data: { postId, userId, authorId: post.authorId, score } },
      userId,
      correlationId,
    );
    await this.writes.settled(decided.position);
    const rated = await this.reads.visiblePost(postId, userId);
    return { averageRating: rated.averageRating, voteCount: rated.voteCount };
  }
}
