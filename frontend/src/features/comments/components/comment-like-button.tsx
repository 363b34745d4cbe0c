import { Heart } from 'lucide-react';

import { promptSignUp, toastActionFailure } from '@/components/sign-up-toast';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

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
  const count = comment.likesCount;

  return (
    <Button
      variant="ghost"
      size="sm"
      className="h-8 px-2 text-muted-foreground"
      aria-pressed={liked}
      aria-label={`${liked ? 'Unlike' : 'Like'} comment, ${count} ${count === 1 ? 'like' : 'likes'}`}
      onClick={() => {
        if (!signedIn) {
          promptSignUp('Please sign up to like comments');
          return;
        }
        setLike.mutate(!liked, {
          onError: (error) =>
            toastActionFailure(
              error,
              liked ? 'Failed to unlike comment' : 'Failed to like comment',
              'Please try again',
            ),
        });
      }}
    >
      <Heart
        aria-hidden="true"
        className={cn(liked && 'fill-current text-red-600 dark:text-red-400')}
      />
      <span className="tabular-nums">{count}</span>
    </Button>
  );
}
