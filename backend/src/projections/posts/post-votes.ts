import type { LikeEvent } from '../../domain/like/like.decider';
import type { PostRatingEvent } from '../../domain/post-rating/post-rating.decider';
import type { Recorded } from '../../domain/shared/event';

/** The events of a post's likes and community ratings, as the posts projection takes them. */
export type VoteEvent = Recorded<LikeEvent | PostRatingEvent>;

/** The figures of a post the votes make. */
export interface VoteFigures {
  likesCount: number;
  ratingTenths: number;
  ratingCount: number;
  voteCount: number;
  averageRating: number | null;
}

/**
 * A vote's change to a post's figures, made to `writable(post)`. A vote held out by the vote
 * rules is recorded but not counted (nor uncounted) until it comes to count, if it does; a banned account's votes leave the
 * figures with the ban (set aside) and come back with the lift (restored), if they counted.
 */
export function withVote<Post extends VoteFigures>(
  post: Post,
  event: VoteEvent,
  writable: (post: Post) => Post,
): Post {
  switch (event.type) {
    case 'Liked':
    case 'Unliked':
    case 'LikeSetAside':
    case 'LikeRestored': {
      if (event.data.heldOut?.length) return post;
      const more = event.type === 'Liked' || event.type === 'LikeRestored';
      const next = writable(post);
      next.likesCount = Math.max(0, post.likesCount + (more ? 1 : -1));
      return next;
    }
    case 'LikeHeld':
    case 'LikeCounted': {
      const next = writable(post);
      next.likesCount = Math.max(0, post.likesCount + (event.type === 'LikeCounted' ? 1 : -1));
      return next;
    }
    case 'Rated':
    case 'RatingCounted':
    case 'VoteSetAside':
    case 'VoteRestored': {
      if (event.type === 'Rated' && event.data.heldOut?.length) return post;
      if ((event.type === 'VoteSetAside' || event.type === 'VoteRestored') && !event.data.counted) {
        return post;
      }
      const score = Math.min(10, Math.max(0, Math.round(event.data.score)));
      const sign = event.type === 'VoteSetAside' ? -1 : 1;
      const next = writable(post);
      next.ratingTenths += sign * score * 10;
      next.ratingCount += sign;
      next.voteCount = Math.max(0, post.voteCount + sign);
      // Integer sum over integer count: equal means are equal numbers, so ties stay ties.
      next.averageRating =
        next.ratingCount > 0 ? next.ratingTenths / (next.ratingCount * 10) : null;
      return next;
    }
  }
}
