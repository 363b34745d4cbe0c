import { useQuery } from '@tanstack/react-query';
import { Heart } from 'lucide-react';

import { promptSignUp, toastActionFailure } from '@/components/sign-up-toast';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

import { postLikedQueryOptions, useSetPostLike } from '../api/post-like';

interface LikeButtonProps {
  postId: string;
  likesCount: number;
  signedIn: boolean;
}

/** Spec §4: likes toggle and show at once; a failure puts the previous state back. */
export function LikeButton({ postId, likesCount, signedIn }: LikeButtonProps) {
  const { data } = useQuery(postLikedQueryOptions(postId, signedIn));
  const setLike = useSetPostLike(postId);
  const liked = signedIn && (data?.liked ?? false);

  return (
    <Button
      variant="outline"
      aria-pressed={liked}
      aria-label={`${liked ? 'Unlike' : 'Like'} this post, ${likesCount} ${likesCount === 1 ? 'like' : 'likes'}`}
      onClick={() => {
        if (!signedIn) {
          promptSignUp('Please sign up to like posts');
          return;
        }
        setLike.mutate(!liked, {
          onError: (error) =>
            toastActionFailure(
              error,
              liked ? 'Failed to unlike' : 'Failed to like',
              'Please try again',
            ),
        });
      }}
    >
      <Heart
        aria-hidden="true"
        className={cn(liked && 'fill-current text-red-600 dark:text-red-400')}
      />
      <span className="tabular-nums">{likesCount}</span>
    </Button>
  );
}
