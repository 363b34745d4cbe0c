import { ApiProperty } from '@nestjs/swagger';
import type { PostRow } from '../../application/moderation/admin-reads';
import { adminImageUrl } from './admin-images.controller';
import { pageFields, PersonResponse } from './admin-shared.view';

export class AdminPostResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ type: PersonResponse, nullable: true }) author!: PersonResponse | null;
  @ApiProperty({ description: 'The back office’s address of the photo (`/api/rtm-sys/uploads/…`)' })
  imageUrl!: string;
  @ApiProperty({ description: 'The back office’s address of its 480 px size' })
  thumbnailUrl!: string;
  @ApiProperty({ type: Number, nullable: true }) averageRating!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The AI’s overall score' })
  aiRating!: number | null;
  @ApiProperty() voteCount!: number;
  @ApiProperty() likesCount!: number;
  @ApiProperty() commentsCount!: number;
  @ApiProperty() isPublic!: boolean;
  @ApiProperty() isModerated!: boolean;
  @ApiProperty({ description: 'On the public boards' }) listed!: boolean;
  @ApiProperty() removed!: boolean;
  @ApiProperty({ description: 'Held for review: shown to its author alone until approved' })
  heldForReview!: boolean;
  @ApiProperty({ type: String, nullable: true }) removalReason!: string | null;
  @ApiProperty({ description: 'Hidden by reports until reviewed' }) autoHidden!: boolean;
  @ApiProperty() authorBanned!: boolean;
  @ApiProperty() pendingReports!: number;
  @ApiProperty({ type: [String] }) moderationFlags!: string[];
  @ApiProperty({ type: String, enum: ['regular', 'mega'], nullable: true })
  boostType!: 'regular' | 'mega' | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export function toAdminPost({ post, author }: PostRow): AdminPostResponse {
  return {
    id: post._id,
    userId: post.authorId,
    author,
    imageUrl: adminImageUrl(post.imageUrl),
    thumbnailUrl: adminImageUrl(post.thumbnailUrl),
    averageRating: post.averageRating,
    aiRating: post.ai?.overall ?? null,
    voteCount: post.voteCount,
    likesCount: post.likesCount,
    commentsCount: post.commentsCount,
    isPublic: post.isPublic,
    isModerated: post.isModerated,
    listed: post.listed,
    removed: post.removed === true,
    heldForReview: post.held === 1,
    removalReason: post.removalReason ?? null,
    autoHidden: post.autoHidden === true,
    authorBanned: post.authorBanned === true,
    pendingReports: post.pendingReports ?? 0,
    moderationFlags: post.moderationFlags ?? [],
    boostType: post.boostType ?? null,
    createdAt: post.createdAt,
  };
}

export class AdminPostPage extends pageFields() {
  @ApiProperty({ type: [AdminPostResponse] }) items!: AdminPostResponse[];
}
