import { ApiProperty } from '@nestjs/swagger';
import type { CommentRow } from '../../application/moderation/list-admin-comments/list-admin-comments.query';
import { pageFields, PersonResponse } from './admin-shared.view';

export class AdminCommentResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) postId!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) parentCommentId!: string | null;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ type: PersonResponse, nullable: true }) author!: PersonResponse | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Null once its author erased the account',
  })
  text!: string | null;
  @ApiProperty() likesCount!: number;
  @ApiProperty({ description: 'Its author is banned' }) hidden!: boolean;
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
  @ApiProperty({ type: [AdminCommentResponse] }) items!: AdminCommentResponse[];
}
