import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import type { PostFilter } from '../../application/moderation/list-admin-posts/list-admin-posts.query';
import { Checks, Omittable } from '../shared/validation';
import { AdminPageQueryDto, OptionalReason, OptionalUuid } from './admin-shared.dto';

const POST_FILTERS: PostFilter[] = ['all', 'pending', 'hidden', 'reported', 'removed'];

export class AdminPostsQueryDto extends AdminPageQueryDto {
  @ApiPropertyOptional({ enum: POST_FILTERS })
  @Checks(
    IsOptional(),
    IsIn(POST_FILTERS, { message: 'filter must be all, pending, hidden, reported or removed' }),
  )
  filter: PostFilter = 'all';

  @OptionalUuid('authorId', 'Only this author’s posts')
  authorId?: string;
}

/** One change at a time: `{ isModerated: true }` approves, `{ isPublic }` hides or shows. */
export class PatchPostDto {
  /** Approve (only while unmoderated) */
  @ApiProperty({ enum: [true] })
  @Checks(Omittable(), IsBoolean({ message: 'isModerated must be true or false' }))
  isModerated?: boolean;

  /** false hides the post, true shows it */
  @Checks(Omittable(), IsBoolean({ message: 'isPublic must be true or false' }))
  isPublic?: boolean;

  @OptionalReason()
  reason?: string | null;
}
