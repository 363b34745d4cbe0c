import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { GetPostPreviewQuery } from './get-post-preview.query';
import { PostPreviews, type PostPreview } from './post-previews';

@QueryHandler(GetPostPreviewQuery)
export class GetPostPreviewHandler implements IQueryHandler<GetPostPreviewQuery, PostPreview> {
  constructor(private readonly previews: PostPreviews) {}
  execute(query: GetPostPreviewQuery): Promise<PostPreview> {
    return this.previews.of(query.postId);
  }
}
