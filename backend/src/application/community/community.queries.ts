import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { LikeTarget } from '../../domain/like/like.decider';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import type { PostDocument } from '../../projections/posts/posts.projection';
import type { WeeklyCompetitionDocument } from '../../projections/weekly-competitions/weekly-competitions.projection';
import { isLiked, ratingGiven } from './engagement.handlers';
import { type BoardSort, PostReads } from './post-reads';
import type { BoardPage, CommentView, PostView } from './post-views';

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

export class GetWeeklyBoardQuery extends Query<BoardPage> {
  constructor(
    readonly search: string | undefined,
    readonly limit: number,
    readonly cursor: string | undefined,
  ) {
    super();
  }
}

export class GetPostQuery extends Query<PostView> {
  constructor(
    readonly postId: string,
    readonly viewerId: string | null,
  ) {
    super();
  }
}

export class GetCommentsQuery extends Query<CommentView[]> {
  constructor(
    readonly postId: string,
    readonly viewerId: string | null,
  ) {
    super();
  }
}

/** An author's posts, newest first: all of them for the author, public ones for others. */
export class GetPostsByQuery extends Query<PostDocument[]> {
  constructor(
    readonly authorId: string,
    readonly publicOnly: boolean,
  ) {
    super();
  }
}

export class GetLikedQuery extends Query<boolean> {
  constructor(
    readonly target: LikeTarget,
    readonly targetId: string,
    readonly userId: string,
  ) {
    super();
  }
}

export class GetUserRatingQuery extends Query<number | null> {
  constructor(
    readonly postId: string,
    readonly userId: string,
  ) {
    super();
  }
}

export class GetClosedWeeksQuery extends Query<WeeklyCompetitionDocument[]> {}

export class GetClosedWeekQuery extends Query<WeeklyCompetitionDocument> {
  constructor(readonly week: string) {
    super();
  }
}

@QueryHandler(GetBoardQuery)
export class GetBoardHandler implements IQueryHandler<GetBoardQuery, BoardPage> {
  constructor(private readonly reads: PostReads) {}
  execute(query: GetBoardQuery): Promise<BoardPage> {
    return this.reads.board(query);
  }
}

@QueryHandler(GetWeeklyBoardQuery)
export class GetWeeklyBoardHandler implements IQueryHandler<GetWeeklyBoardQuery, BoardPage> {
  constructor(private readonly reads: PostReads) {}
  execute(query: GetWeeklyBoardQuery): Promise<BoardPage> {
    return this.reads.weekly(query);
  }
}

@QueryHandler(GetPostQuery)
export class GetPostHandler implements IQueryHandler<GetPostQuery, PostView> {
  constructor(private readonly reads: PostReads) {}
  execute(query: GetPostQuery): Promise<PostView> {
    return this.reads.post(query.postId, query.viewerId);
  }
}

@QueryHandler(GetCommentsQuery)
export class GetCommentsHandler implements IQueryHandler<GetCommentsQuery, CommentView[]> {
  constructor(private readonly reads: PostReads) {}
  execute(query: GetCommentsQuery): Promise<CommentView[]> {
    return this.reads.comments(query.postId, query.viewerId);
  }
}

@QueryHandler(GetPostsByQuery)
export class GetPostsByHandler implements IQueryHandler<GetPostsByQuery, PostDocument[]> {
  constructor(private readonly reads: PostReads) {}
  execute(query: GetPostsByQuery): Promise<PostDocument[]> {
    return this.reads.postsBy(query.authorId, query.publicOnly);
  }
}

@QueryHandler(GetLikedQuery)
export class GetLikedHandler implements IQueryHandler<GetLikedQuery, boolean> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly reads: PostReads,
  ) {}
  async execute({ target, targetId, userId }: GetLikedQuery): Promise<boolean> {
    if (target === 'post') await this.reads.visiblePost(targetId, userId);
    else await this.reads.comment(targetId);
    return isLiked(this.eventStore, target, targetId, userId);
  }
}

@QueryHandler(GetUserRatingQuery)
export class GetUserRatingHandler implements IQueryHandler<GetUserRatingQuery, number | null> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly reads: PostReads,
  ) {}
  async execute({ postId, userId }: GetUserRatingQuery): Promise<number | null> {
    await this.reads.visiblePost(postId, userId);
    return ratingGiven(this.eventStore, postId, userId);
  }
}

@QueryHandler(GetClosedWeeksQuery)
export class GetClosedWeeksHandler implements IQueryHandler<
  GetClosedWeeksQuery,
  WeeklyCompetitionDocument[]
> {
  constructor(private readonly reads: PostReads) {}
  execute(): Promise<WeeklyCompetitionDocument[]> {
    return this.reads.closedWeeks();
  }
}

@QueryHandler(GetClosedWeekQuery)
export class GetClosedWeekHandler implements IQueryHandler<
  GetClosedWeekQuery,
  WeeklyCompetitionDocument
> {
  constructor(private readonly reads: PostReads) {}
  execute(query: GetClosedWeekQuery): Promise<WeeklyCompetitionDocument> {
    return this.reads.closedWeek(query.week);
  }
}
