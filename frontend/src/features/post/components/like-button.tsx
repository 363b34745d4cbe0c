import { useQuery } from '@tanstack/react-query';

import { LikeToggle } from '@/components/like-toggle';

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
    <LikeToggle
      variant="outline"
      liked={liked}
      count={likesCount}
      what="this post"
      signedIn={signedIn}
      signUpMessage="Please sign up to like posts"
      failures={{ like: 'Failed to like', unlike: 'Failed to unlike' }}
      setLiked={(like, options) => setLike.mutate(like, options)}
    />
  );
}
