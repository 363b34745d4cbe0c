import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { postRatingDecider, voteStreamId } from '../../../domain/post-rating/post-rating.decider';
import { EVENT_STORE, type EventStore } from '../../ports/event-store.port';
import { loadState } from '../../shared/decider-runner';
import { PostReads } from '../post-reads';
import { GetUserRatingQuery } from './get-user-rating.query';

/** The score a user gave a post they may see, or null; read from the rating's own stream. */
@QueryHandler(GetUserRatingQuery)
export class GetUserRatingHandler implements IQueryHandler<GetUserRatingQuery, number | null> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly reads: PostReads,
  ) {}

  async execute({ postId, userId }: GetUserRatingQuery): Promise<number | null> {
    await this.reads.visiblePost(postId, userId);
    const vote = voteStreamId(postId, userId);
    const { state } = await loadState(this.eventStore, postRatingDecider, vote);
    return state.status === 'rated' ? state.score : null;
  }
}
