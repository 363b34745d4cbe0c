/** Spec §3 "Comment" (docs/community.md): replies nested one level, oldest first. */
export interface Comment {
  id: string;
  postId: string;
  userId: string;
  username: string | null;
  displayUsername: string | null;
  profilePictureUrl: string | null;
  text: string;
  createdAt: string;
  likesCount: number;
  /** Whether the signed-in viewer likes it; false when signed out. */
  likedByViewer: boolean;
  parentCommentId: string | null;
  replies: Comment[];
}

/** The signed-in user reading the comments, or null. */
export type CommentViewer = { id: string } | null;
