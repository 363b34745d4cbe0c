import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { POST_NOT_FOUND } from '../../../domain/post/post.decider';
import { POSTS, type PostDocument } from '../../../projections/posts/posts.projection';
import { AdminReads, type PostRow } from '../admin-reads';
import { GetAdminPostQuery } from './get-admin-post.query';

@QueryHandler(GetAdminPostQuery)
export class GetAdminPostHandler implements IQueryHandler<GetAdminPostQuery, PostRow> {
  constructor(private readonly reads: AdminReads) {}

  async execute({ postId }: GetAdminPostQuery): Promise<PostRow> {
    const post = await this.reads.one<PostDocument>(POSTS, { _id: postId }, POST_NOT_FOUND);
    return (await this.reads.postRows([post]))[0];
  }
}
