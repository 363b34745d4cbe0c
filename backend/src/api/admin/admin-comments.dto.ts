import { AdminPageQueryDto, OptionalSearch, OptionalUuid } from './admin-shared.dto';

export class AdminCommentsQueryDto extends AdminPageQueryDto {
  @OptionalSearch('Case-insensitive search in the text')
  search?: string;

  @OptionalUuid('postId')
  postId?: string;

  @OptionalUuid('authorId')
  authorId?: string;
}
