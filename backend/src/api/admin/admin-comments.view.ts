import { ApiProperty } from '@nestjs/swagger';
import type { CommentRow } from '../../application/moderation/list-admin-comments/list-admin-comments.query';
import { pageFields, PersonResponse } from './admin-shared.view';

export class AdminCommentResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) postId!: string;
  @ApiProperty({ type: String, format: 'uuid' }) parentCommentId!: string | null;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  author!: PersonResponse | null;
  /** Null once its author erased the account */
  text!: string | null;
  likesCount!: number;
  /** Its author is banned */
  hidden!: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export function toAdminComment({ comment: c, author }: CommentRow): AdminCommentResponse {
  return {
    id: c._id,
    postId: c.postId,
    parentCommentId: c.parentCommentId,
    userId: c.authorId,
    author,
    text: c.text ?? null,
    likesCount: c.likesCount,
    hidden: c.hidden === true,
    createdAt: c.createdAt,
  };
}

export class AdminCommentPage extends pageFields() {
  items!: AdminCommentResponse[];
}
