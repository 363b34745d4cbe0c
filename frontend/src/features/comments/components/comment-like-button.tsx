import { LikeToggle } from '@/components/like-toggle';

import { useSetCommentLike } from '../api/comment-like';
import type { Comment } from '../types';

interface CommentLikeButtonProps {
  comment: Comment;
  signedIn: boolean;
}

export function CommentLikeButton({ comment, signedIn }: CommentLikeButtonProps) {
  const setLike = useSetCommentLike(comment.postId, comment.id);
  // The thread answers it for the viewer who asked; a signed-out viewer likes nothing.
  const liked = signedIn && comment.likedByViewer;

  return (
    <LikeToggle
      variant="ghost"
      size="sm"
      className="h-8 px-2 text-muted-foreground"
      liked={liked}
      count={comment.likesCount}
      what="comment"
      signedIn={signedIn}
      signUpMessage="Please sign up to like comments"
      failures={{ like: 'Failed to like comment', unlike: 'Failed to unlike comment' }}
      setLiked={(like, options) => setLike.mutate(like, options)}
    />
  );
}
