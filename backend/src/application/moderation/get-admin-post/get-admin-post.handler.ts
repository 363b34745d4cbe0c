import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { POST_NOT_FOUND } from '../../../domain/post/post.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { POSTS, type PostDocument } from '../../../projections/posts/posts.projection';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { AdminPeople, type PostRow } from '../admin-people';
import { GetAdminPostQuery } from './get-admin-post.query';

@QueryHandler(GetAdminPostQuery)
export class GetAdminPostHandler implements IQueryHandler<GetAdminPostQuery, PostRow> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly people: AdminPeople,
  ) {}

  async execute({ postId }: GetAdminPostQuery): Promise<PostRow> {
    const post = await this.readStore.findOne<PostDocument>(POSTS, { _id: postId });
    if (!post) throw new NotFoundError(POST_NOT_FOUND);
    return (await this.people.postRows([post]))[0];
  }
}
