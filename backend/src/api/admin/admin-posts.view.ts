import { ApiProperty } from '@nestjs/swagger';
import type { PostRow } from '../../application/moderation/admin-reads';
import { adminImageUrl } from './admin-images.controller';
import { pageFields, PersonResponse } from './admin-shared.view';

export class AdminPostResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  author!: PersonResponse | null;
  /** The back office’s address of the photo (`/api/rtm-sys/uploads/…`) */
  imageUrl!: string;
  /** The back office’s address of its 480 px size */
  thumbnailUrl!: string;
  averageRating!: number | null;
  /** The AI’s overall score */
  aiRating!: number | null;
  voteCount!: number;
  likesCount!: number;
  commentsCount!: number;
  isPublic!: boolean;
  isModerated!: boolean;
  /** On the public boards */
  listed!: boolean;
  removed!: boolean;
  /** Held for review: shown to its author alone until approved */
  heldForReview!: boolean;
  removalReason!: string | null;
  /** Hidden by reports until reviewed */
  autoHidden!: boolean;
  authorBanned!: boolean;
  pendingReports!: number;
  moderationFlags!: string[];
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
  items!: AdminPostResponse[];
}
